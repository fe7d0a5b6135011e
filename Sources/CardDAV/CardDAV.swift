// CardDAV: see the files of this folder.
