"""The command line's orchestration, above every package it drives: `hallway schedule`,
`corrections`, `venue` and `export`. A command that spans packages (an import that then says
what became of each correction, a follow loop that exports after each change) is written here
once, so no package below reaches up through hooks; `webapp/cli.py` adds them to `hallway`."""
