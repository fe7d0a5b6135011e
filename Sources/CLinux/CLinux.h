// SPDX-License-Identifier: Apache-2.0
// Linux headers t9dial uses that Swift's Glibc module does not bring in, and small inline
// wrappers for what does not import into Swift as it is (variadic ioctls, macros). Each module
// that needs them calls them from its own Swift wrappers: DialerKit (ProcessMemory.swift),
// ScreenOutput (the framebuffer and console), ProcessLoop (signalfd), Dialing (wait statuses,
// the serial port), Systemd.
#ifndef T9DIAL_CLINUX_H
#define T9DIAL_CLINUX_H

#include <malloc.h>

// signalfd(2), for ProcessLoop's SignalSource: the loop reads SIGTERM, SIGINT and SIGHUP as
// events, not in handlers. Glibc's module does not bring <sys/signalfd.h> in.
#include <sys/signalfd.h>

// prctl(PR_SET_NAME), for BackgroundWork: a thread's name as top -H and /proc show it (prctl
// is variadic, and pthread_setname_np needs _GNU_SOURCE, which Swift's Glibc does not define).
#include <sys/prctl.h>

/// Names the calling thread; the kernel keeps 15 bytes. Returns 0, or -1 with errno set.
static inline int t9dial_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

// eventfd(2), for ProcessLoop's WakeSignal: a thread of t9dial's own wakes the loop's poll.
#include <sys/eventfd.h>

/// mallopt(M_MMAP_THRESHOLD, bytes): allocations of at least `bytes` get pages of their own,
/// returned to the system when freed. Returns 1 on success, 0 on failure.
static inline int t9dial_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

/// mallopt(M_ARENA_MAX, count): at most `count` heaps (arenas) for all threads. Returns 1 on
/// success, 0 on failure.
static inline int t9dial_set_arena_max(int count) {
    return mallopt(M_ARENA_MAX, count);
}

/// mallopt(M_TRIM_THRESHOLD, bytes): free memory at the top of the heap goes back to the system
/// once it reaches `bytes`. Returns 1 on success, 0 on failure.
static inline int t9dial_set_trim_threshold(int bytes) {
    return mallopt(M_TRIM_THRESHOLD, bytes);
}

// The Linux framebuffer (/dev/fbN), for ScreenOutput's FramebufferDevice: the structs come from
// <linux/fb.h> as they are (fb_fix_screeninfo has unsigned long fields, so Swift must not lay it
// out by hand), and the ioctls go through the helpers below, since ioctl is variadic and
// MAP_FAILED is a cast macro, neither of which imports into Swift.
#include <linux/fb.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

/// ioctl(FBIOGET_VSCREENINFO): the variable mode (resolution, depth, colour offsets).
/// 0 on success, -1 with errno on failure.
static inline int t9dial_fb_get_var(int fd, struct fb_var_screeninfo *var) {
    return ioctl(fd, FBIOGET_VSCREENINFO, var);
}

/// ioctl(FBIOPUT_VSCREENINFO): asks for a mode; the driver writes back what it chose.
static inline int t9dial_fb_put_var(int fd, struct fb_var_screeninfo *var) {
    return ioctl(fd, FBIOPUT_VSCREENINFO, var);
}

/// ioctl(FBIOGET_FSCREENINFO): the fixed layout (line_length, smem_len, visual).
static inline int t9dial_fb_get_fix(int fd, struct fb_fix_screeninfo *fix) {
    return ioctl(fd, FBIOGET_FSCREENINFO, fix);
}

/// ioctl(FBIOPUTCMAP): sets palette entries of a pseudocolour device.
static inline int t9dial_fb_put_cmap(int fd, struct fb_cmap *cmap) {
    return ioctl(fd, FBIOPUTCMAP, cmap);
}

/// ioctl(FBIOPAN_DISPLAY): shows the part of the virtual screen at var->xoffset, yoffset.
static inline int t9dial_fb_pan(int fd, struct fb_var_screeninfo *var) {
    return ioctl(fd, FBIOPAN_DISPLAY, var);
}

/// ioctl(FBIOBLANK): FB_BLANK_POWERDOWN blanks the panel (and powers it down where the driver
/// can), FB_BLANK_UNBLANK shows it again; the memory is kept. The mode is the argument itself.
static inline int t9dial_fb_blank(int fd, int mode) {
    return ioctl(fd, FBIOBLANK, (unsigned long)mode);
}

/// mmap of `length` bytes of a device, shared and read-write, from offset 0.
/// Returns NULL (not MAP_FAILED) on failure, with errno set.
static inline void *t9dial_mmap_shared(int fd, size_t length) {
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

#include <linux/kd.h>

/// ioctl(fd, KDSETMODE, KD_GRAPHICS or KD_TEXT): a virtual terminal in graphics mode stops the
/// kernel console from drawing text and its cursor on the framebuffer.
static inline int t9dial_set_console_graphics(int fd, int graphics) {
    return ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT);
}

// Placing a call (the Dialing module): a program run with posix_spawn, no shell, and an AT modem
// on a serial port. The wait-status macros and `environ` do not import into Swift as they are.
#include <spawn.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>
#include <poll.h>
#include <time.h>
#include <fcntl.h>
// openpty, for the tests' fake modem on a pseudo-terminal (in libc itself since glibc 2.34).
#include <pty.h>

/// The process's environment, for posix_spawn (the global `environ` is a mutable C global that
/// Swift 6 will not read from a nonisolated context).
static inline char *const *t9dial_environment(void) {
    extern char **environ;
    return environ;
}

/// pipe2(ends, O_CLOEXEC): a pipe whose ends are not inherited by programs started later
/// (pipe2 is a GNU extension the Glibc module does not declare).
int pipe2(int pipefd[2], int flags);
static inline int t9dial_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

/// pidfd_open(pid, 0): a descriptor that polls readable once the process has ended (Linux 5.3
/// and later), so a dial's wait sleeps until then instead of checking in a loop; -1 with errno
/// on an older kernel. (syscall is variadic, which Swift cannot call.)
#include <sys/syscall.h>
#include <unistd.h>
static inline int t9dial_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// WIFEXITED(status): the child ended by calling exit.
static inline int t9dial_status_exited(int status) { return WIFEXITED(status); }

/// WEXITSTATUS(status): the child's exit code, when it exited.
static inline int t9dial_status_exit_code(int status) { return WEXITSTATUS(status); }

/// WIFSIGNALED(status): the child was ended by a signal.
static inline int t9dial_status_signalled(int status) { return WIFSIGNALED(status); }

/// WTERMSIG(status): the signal that ended the child.
static inline int t9dial_status_signal(int status) { return WTERMSIG(status); }

/// waitid(P_PID, pid, WEXITED | WNOHANG | WNOWAIT): 1 when the child has ended (and is left a
/// zombie, so its pid and process group cannot be reused yet), 0 while it runs, -1 with errno.
static inline int t9dial_child_has_ended(pid_t pid) {
    siginfo_t info;
    info.si_pid = 0;
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == -1) return -1;
    return info.si_pid != 0;
}

#endif
