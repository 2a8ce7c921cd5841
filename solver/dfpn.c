/* dfpn.c -- placeholder until the solver lands (issue 3). */
typedef int dfpn_placeholder_t;
