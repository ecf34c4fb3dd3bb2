/* The tables' short names of generation sets, for rows that fit one line. */
#define ALL GCN_GENERATION_ALL
#define G10 GCN_GENERATION_10
#define G11 GCN_GENERATION_11
#define G12 GCN_GENERATION_12
#define G14 GCN_GENERATION_14
