#!/usr/bin/env python3
"""Makes the scalar ALU golden files (sop2.tsv, sopk.tsv, sop1.tsv, sopc.tsv) once, from
llvm-mc 14 and the CLRX vectors, so that tests/golden.c checks exact expectations in a
clone without ../shared or llvm-mc. Run from the repository root after `make`:

    GCN_SHARED=/work/shared python3 tests/data/golden/make.py

Lines (tab-separated):
  dis  ARCH  WORDS  CLRX  LLVM   decoding WORDS prints CLRX in the clrx dialect (from the
                                 CLRX vectors, or our text where the row is llvm-mc's) and
                                 LLVM in the llvm dialect (llvm-mc's text; '-': none known)
  asm  ARCH  WORDS  DIALECT  TEXT  parsing TEXT gives WORDS (CLRX's good asm rows, and the
                                   lines llvm-mc assembles)
"""
import os, re, subprocess, sys

SHARED = os.environ.get('GCN_SHARED', '../shared')
VECTORS = os.path.join(SHARED, 'vectors', 'clrx-isa')
MC = os.environ.get('LLVM_MC', '/usr/lib/llvm-14/bin/llvm-mc')
CPU = {'gcn1.0': 'tahiti', 'gcn1.1': 'bonaire', 'gcn1.2': 'tonga', 'gcn1.4': 'gfx900'}
FAMILIES = ['SOP2', 'SOPK', 'SOP1', 'SOPC']
ARCHS = ['gcn1.0', 'gcn1.1', 'gcn1.2', 'gcn1.4']

def tsv(name):
    lines = open(os.path.join(VECTORS, name)).read().split('\n')[1:]
    return [l.split('\t') for l in lines if l]

def llvm(cpu, lines, disassemble):
    args = [MC, '-arch=amdgcn', '-mcpu=' + cpu, '-show-encoding'] + (['-disassemble'] if disassemble else [])
    out = []
    for line in lines:  # one process per line keeps errors attached to their line
        r = subprocess.run(args, input=line + '\n', capture_output=True, text=True)
        m = re.search(r'^\s+(\S.*?)\s*; encoding: \[([^\]]*)\]', r.stdout, re.M)
        if not m or 'error' in r.stderr or 'warning' in r.stderr:
            out.append(None)
            continue
        b = [int(x, 16) for x in m.group(2).split(',')]
        words = ' '.join('%08x' % (b[i] | b[i+1] << 8 | b[i+2] << 16 | b[i+3] << 24) for i in range(0, len(b), 4))
        out.append((re.sub(r'\s+', ' ', m.group(1)), words))
    return out

def ours(arch, words_list):
    """Our clrx text of each instruction's words (gcndis -f hex)."""
    out = []
    for words in words_list:
        r = subprocess.run(['build/gcndis', '-a', arch, '-s', 'clrx', '-f', 'hex', '-'],
                           input=words + '\n', capture_output=True, text=True)
        lines = [l for l in r.stdout.split('\n') if l.strip()]
        out.append(re.sub(r'\s+', ' ', lines[0]).strip() if len(lines) == 1 else None)
    return out

# Canonical operands per profile, for one instance of every row on every generation.
PROFILE_TEXT = {
    'SOP2': {'B32': 's5, s6, s7', 'B64': 's[4:5], s[6:7], s[8:9]', 'B64_B32': 's[4:5], s[6:7], s8',
             'B64_FROM_B32': 's[4:5], s6, s7', 'FORK': 's[6:7], s[8:9]', 'RFE_RESTORE': 's[6:7], s8'},
    'SOPK': {'MOVK': 's5, 0x1234', 'CMPK': 's5, 0x1234', 'CMPK_U': 's5, 0x1234', 'ADDK': 's5, 0x1234',
             'FORK': 's[6:7], 3', 'CALL': 's[6:7], 3', 'GETREG': 's5, hwreg(HW_REG_TRAPSTS, 3, 10)',
             'SETREG': 'hwreg(HW_REG_TRAPSTS, 3, 10), s5', 'SETREG_IMM32': 'hwreg(HW_REG_MODE, 1, 2), 0x45d2a'},
    'SOP1': {'B32': 's5, s6', 'B64': 's[4:5], s[6:7]', 'SAVEEXEC': 's[4:5], s[6:7]', 'B32_FROM_B64': 's5, s[6:7]',
             'B64_FROM_B32': 's[4:5], s6', 'BITSET64': 's[4:5], s6', 'GETPC': 's[4:5]', 'SETPC': 's[6:7]',
             'SRC_B32': 's6', 'JOIN': 's6', 'MOVRELS_B32': 's5, s6', 'MOVRELS_B64': 's[4:5], s[6:7]'},
    'SOPC': {'B32': 's5, s6', 'B64': 's[4:5], s[6:7]', 'B64_B32': 's[4:5], s6', 'GPR_IDX_ON': 's5, gpr_idx(SRC0,DST)'},
}
# Every inline constant, a literal and the special registers, as sources.
SOURCES = ([str(i) for i in range(-16, 65)] +
           ['0.5', '-0.5', '1.0', '-1.0', '2.0', '-2.0', '4.0', '-4.0', '0.15915494', '0x12345678', '0xffffff80',
            'vcc_lo', 'vcc_hi', 'exec_lo', 'exec_hi', 'm0', 'flat_scratch_lo', 'flat_scratch_hi',
            'xnack_mask_lo', 'xnack_mask_hi', 'tba_lo', 'tba_hi', 'tma_lo', 'tma_hi', 'ttmp0', 'ttmp11', 'ttmp15',
            'src_vccz', 'src_execz', 'src_scc', 'src_shared_base', 'src_shared_limit', 'src_private_base',
            'src_private_limit', 'src_pops_exiting_wave_id', 's0', 's101', 's103'])
SOURCES64 = ['vcc', 'exec', 'flat_scratch', 'xnack_mask', 'tba', 'tma', 'ttmp[0:1]', 'ttmp[14:15]', 's[0:1]',
             's[100:101]', '-16', '64', '0.5', '-4.0', '0.15915494309189532', '0x12345678']

def rows():
    """(family, name, opcodes, profile, flags) from src/isa/scalar.def."""
    out = []
    for line in open('src/isa/scalar.def'):
        m = re.match(r'(SOP2|SOPK|SOP1|SOPC)\((\w+),\s*(-?\d+),\s*(-?\d+),\s*(-?\d+),\s*(-?\d+),\s*(\w+),\s*\d+,\s*\w+,\s*(\w+),', line)
        if m:
            out.append((m.group(1), m.group(2), [int(m.group(i)) for i in range(3, 7)], m.group(7), m.group(8)))
    return out

def main():
    dis_rows = tsv('dis.tsv'); dis_meta = tsv('dis.meta.tsv')
    asm_rows = tsv('asm.tsv'); asm_meta = tsv('asm.meta.tsv')
    table = rows()
    for family in FAMILIES:
        lines = []
        # llvm-mc: every row on every generation, and the sources
        texts = {a: [] for a in ARCHS}
        for fam, name, opcodes, profile, flags in table:
            if fam != family or flags == 'LLVM_ABSENT':
                continue
            for i, arch in enumerate(ARCHS):
                if opcodes[i] >= 0:
                    texts[arch].append('%s %s' % (name, PROFILE_TEXT[family][profile]))
        for arch in ARCHS:
            if family == 'SOP2':
                texts[arch] += ['s_add_u32 s5, %s, s7' % s for s in SOURCES]
                texts[arch] += ['s_and_b64 s[4:5], %s, s[6:7]' % s for s in SOURCES64]
                texts[arch] += ['s_add_u32 %s, s6, s7' % d for d in ['vcc_lo', 'exec_hi', 'm0', 'ttmp3', 'tba_lo', 'flat_scratch_hi', 'xnack_mask_lo', 's101', 's103']]
            if family == 'SOP1':
                texts[arch] += ['s_mov_b32 s5, %s' % s for s in SOURCES]
                texts[arch] += ['s_mov_b64 s[4:5], %s' % s for s in SOURCES64]
            if family == 'SOPK':
                texts[arch] += ['s_getreg_b32 s5, hwreg(%s)' % h for h in ['HW_REG_MODE', 'HW_REG_STATUS', 'HW_REG_TRAPSTS',
                                'HW_REG_HW_ID', 'HW_REG_GPR_ALLOC', 'HW_REG_LDS_ALLOC', 'HW_REG_IB_STS', 'HW_REG_SH_MEM_BASES', '12', '0, 0, 1']]
                texts[arch] += ['s_movk_i32 s5, %s' % v for v in ['0', '0x8000', '0xffff', '-1']]
            if family == 'SOPC':
                texts[arch] += ['s_set_gpr_idx_on s5, gpr_idx(%s)' % g for g in ['', 'SRC0', 'SRC1', 'SRC2', 'DST', 'SRC0,SRC1,SRC2,DST']]
            results = llvm(CPU[arch], texts[arch], False)
            words_list = [r[1] for r in results if r]
            clrx = ours(arch, words_list)
            k = 0
            for text, r in zip(texts[arch], results):
                if not r:
                    continue
                lines.append(('asm', arch, r[1], 'llvm', r[0]))
                if clrx[k]:
                    lines.append(('dis', arch, r[1], clrx[k], r[0]))
                k += 1
        # the CLRX vectors: dis rows (llvm's text on tonga/gfx900) and good asm rows
        picked = [(d, m) for d, m in zip(dis_rows, dis_meta) if m[0] == family]
        for arch in ARCHS:
            here = [d for d, m in picked if d[0] == arch]
            if arch in ('gcn1.2', 'gcn1.4'):
                dis = llvm(CPU[arch], ['[' + ','.join('0x%02x' % ((int(w, 16) >> s) & 255) for w in d[1].split() for s in (0, 8, 16, 24)) + ']' for d in here], True)
            else:
                dis = [None] * len(here)
            for d, r in zip(here, dis):
                llvm_text = r[0] if r and r[1] == d[1] else '-'
                lines.append(('dis', arch, d[1], d[2], llvm_text))
        for a, m in zip(asm_rows, asm_meta):
            # s_cmp_ne_u64: CLRX's alias of s_cmp_lg_u64, which the library lacks (pending)
            if m[0] != family or a[3] != 'true' or a[4] or 's_cmp_ne_u64' in a[1] or re.search(r'[;=\n]|\\n', a[1]) or ':' in a[1].split('hwreg')[0].replace('s[', '').split(']')[-1]:
                continue
            lines.append(('asm', a[0], a[2], 'clrx', a[1].strip()))
        seen = set(); out = []
        for l in lines:
            if l not in seen:
                seen.add(l); out.append(l)
        with open('tests/data/golden/%s.tsv' % family.lower(), 'w') as f:
            f.write('# made by tests/data/golden/make.py from llvm-mc 14 and the CLRX vectors; see tests/golden.c\n')
            for l in out:
                f.write('\t'.join(l) + '\n')
        print(family, len(out), 'lines')

main()
