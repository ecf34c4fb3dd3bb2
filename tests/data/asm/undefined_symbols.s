# gcnasm -a gcn1.1
# Undefined symbols: each use reported where it is; local labels too.
    s_branch    1b
    s_branch    2f
1:
    s_nop       lenght
    s_sleep     (lenght + 1) * 2
    .int        widht, 1
length = 4
width = 8
    s_branch    nowhere
