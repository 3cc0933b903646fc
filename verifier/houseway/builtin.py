"""The house ways compiled into the engine (the fast route), by name and engine number:
the one list the rules' choices, the file reader, the engine and its twin read (cext/gen_vocab.py writes it into cext/vocab.h) (a house-way file
takes 2 and up). Imports nothing: the command line's options read it at start-up."""

#: the built-in house ways' numbers in the compiled engine (files take 2 and up)
BUILT_IN_IDS = {"mikes": 0, "emperors": 1}
#: the first number a house-way file's program takes (the engine's HOUSE_WAY_PROGRAM)
FIRST_FILE_NUMBER = len(BUILT_IN_IDS)
#: shipped house ways that the engine also has compiled in (the fast route)
BUILT_IN = tuple(BUILT_IN_IDS)
