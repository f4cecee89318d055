"""The random-program generator behind gen_programs.py (see its docstring)."""
