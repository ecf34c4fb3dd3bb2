/* The .def files' generation sets, one bit per gcn_arch: short, for one-line rows. */
#define ALL 15
#define G10 (1 << GCN_ARCH_GCN10)
#define G11 (1 << GCN_ARCH_GCN11)
#define G12 (1 << GCN_ARCH_GCN12)
#define G14 (1 << GCN_ARCH_GCN14)
