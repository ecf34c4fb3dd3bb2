# gcnasm -a gfx900 -s clrx
# Forward branches the end of the pass rejects: their messages and columns
# are those of a second parse.
s_branch missing
s_branch   elsewhere
s_branch odd
s_branch far
s_branch twice
twice:
s_nop 0
.byte 1
odd:
.byte 1, 2, 3
.fill 40000, 4, 0
far:
.section .data
elsewhere:
.text
twice:
