/* AMDGPU ELF facts beyond the header (see target.h for that): note types
 * and names, relocation types. From the AMDGPU backend's user guide
 * (LLVM 14), "Note Records" and "Relocation Records". */
#ifndef GCN_OBJECT_NOTES_H
#define GCN_OBJECT_NOTES_H

/* Note records: the name of code object v3 and later notes ("AMDGPU",
 * with its '\0') and of the older v2 ones ("AMD"). */
#define GCN_NOTE_NAME_AMDGPU "AMDGPU"
#define GCN_NOTE_NAME_AMD "AMD"
enum {
    /* v3 and later: the metadata as a MessagePack map */
    GCN_NT_AMDGPU_METADATA = 32,
    /* v2 ("AMD") */
    GCN_NT_AMD_HSA_CODE_OBJECT_VERSION = 1,
    GCN_NT_AMD_HSA_HSAIL = 2,
    GCN_NT_AMD_HSA_ISA_VERSION = 3,
    GCN_NT_AMD_HSA_METADATA = 10,
    GCN_NT_AMD_HSA_ISA_NAME = 11,
    GCN_NT_AMD_PAL_METADATA = 12,
    /* notes are aligned to 4 bytes, their name and description padded to it */
    GCN_NOTE_ALIGNMENT = 4
};

/* Relocation types (ELF64 RELA) of AMDGPU objects. */
enum {
    GCN_R_AMDGPU_NONE = 0,
    GCN_R_AMDGPU_ABS32_LO = 1,   /* (S + A) & 0xffffffff: sym@abs32@lo */
    GCN_R_AMDGPU_ABS32_HI = 2,   /* (S + A) >> 32: sym@abs32@hi */
    GCN_R_AMDGPU_ABS64 = 3,      /* S + A: .quad sym */
    GCN_R_AMDGPU_REL32 = 4,      /* S + A - P: .long sym - . */
    GCN_R_AMDGPU_REL64 = 5,      /* S + A - P: .quad sym - . (the descriptor's code entry) */
    GCN_R_AMDGPU_ABS32 = 6,      /* S + A: .long sym */
    GCN_R_AMDGPU_GOTPCREL = 7,   /* G + GOT + A - P: sym@gotpcrel */
    GCN_R_AMDGPU_GOTPCREL32_LO = 8,
    GCN_R_AMDGPU_GOTPCREL32_HI = 9,
    GCN_R_AMDGPU_REL32_LO = 10,  /* (S + A - P) & 0xffffffff: sym@rel32@lo */
    GCN_R_AMDGPU_REL32_HI = 11,  /* (S + A - P) >> 32: sym@rel32@hi */
    GCN_R_AMDGPU_RELATIVE64 = 13,
    GCN_R_AMDGPU_REL16 = 14
};

/* The section llvm-mc makes for .addrsig: type SHT_LLVM_ADDRSIG. */
#define GCN_SHT_LLVM_ADDRSIG 0x6fff4c03u

#endif
