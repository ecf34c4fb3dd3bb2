# gcnasm -a gfx900 -s llvm
# An unknown instruction on a plain line, then a label on one.
start:
  s_nopp 0
start:
