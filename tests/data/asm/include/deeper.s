    s_sleep undefined_here
