// DialHistory: see the files of this folder.
