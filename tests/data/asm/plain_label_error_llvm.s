# gcnasm -a gfx900 -s llvm
# A label defined again on a plain line: the message of the general path.
start:
  s_nop 0
  start:
