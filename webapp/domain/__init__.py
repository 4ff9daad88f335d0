"""The schedule as plain data and its rules: model, ids, time math, serialisation, atomic files."""
