// ContactQuery: see the files of this folder.
