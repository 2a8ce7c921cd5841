/* initcache.c -- the initial values of new nodes, cached (see initcache.h). */
#include "initcache.h"

#include <stdlib.h>
#include <string.h>

int ic_init(InitCache *c, size_t bytes)
{
	size_t n = 1024;
	while (n * 2 * sizeof(ICEntry) <= bytes)
		n *= 2;
	c->e = calloc(n, sizeof *c->e);
	c->mask = c->e ? n - 1 : 0;
	return c->e ? 0 : -1;
}

void ic_free(InitCache *c)
{
	free(c->e);
	c->e = NULL;
	c->mask = 0;
}

void ic_clear(InitCache *c)
{
	if (c->e)
		memset(c->e, 0, (c->mask + 1) * sizeof *c->e);
}
