// Dialing: see the files of this folder.
