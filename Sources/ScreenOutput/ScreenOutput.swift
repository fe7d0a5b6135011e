// ScreenOutput: PNG files, gzip, and the Linux framebuffer (see the files of this folder).
