// SPDX-License-Identifier: Apache-2.0
// Fake evdev devices for tests, on machines with no /dev/input and no uinput.
//
// libevdev learns what a device is through ioctls (EVIOCGBIT, EVIOCGNAME, EVIOCGID,
// EVIOCGKEY...) and reads its events with read(). This target defines `ioctl` in the test
// executable, so libevdev.so's calls to it resolve here first (the dynamic linker searches the
// executable before libc). For an open file that a test attached to a fake device (a FIFO
// standing in for /dev/input/eventN, or a pipe given to libevdev_change_fd), it answers as the
// kernel's evdev driver would, from the fake's description and key state; every other call goes
// on to libc's ioctl unchanged. Events are written into the FIFO or pipe as struct input_event,
// so libevdev's own read, queue, state and SYN_DROPPED sync code runs as it does on a device.
//
// Why libevdev's calls arrive here: libevdev.so calls ioctl through its PLT
// (`U ioctl@GLIBC_2.2.5` in `nm -D`), and the linker puts a definition in the executable into
// the executable's dynamic symbol table when a shared library on the link line references it
// (check: `nm -D .build/debug/t9dialPackageTests.xctest | grep -w ioctl` shows `T ioctl`).
// The dynamic linker searches the executable first, and an unversioned definition satisfies
// the versioned reference. No -export-dynamic is needed. libevdev's read() is not
// interposed: events really travel through the FIFO or pipe.
#ifndef T9DIAL_CFAKEEVDEV_H
#define T9DIAL_CFAKEEVDEV_H

#include <stdint.h>

/// Creates a fake device with this name and id (bus, vendor, product, version) and no keys.
/// Returns its handle (0 or more), or -1 when all slots are taken.
int t9fake_create(const char *name, uint16_t bustype, uint16_t vendor, uint16_t product, uint16_t version);

/// Forgets a fake device; the files attached to it become ordinary files again.
void t9fake_destroy(int device);

/// Sets what EVIOCGPHYS and EVIOCGUNIQ answer; NULL answers ENOENT, as the kernel does.
void t9fake_set_phys(int device, const char *phys);
void t9fake_set_uniq(int device, const char *uniq);

/// Declares a key code the device has (EVIOCGBIT(EV_KEY)). Returns 0, or -1 for a bad code.
int t9fake_enable_key(int device, unsigned int code);

/// Sets whether a key is down now (EVIOCGKEY), as the kernel's state after events were lost.
int t9fake_set_key_down(int device, unsigned int code, int down);

/// Declares a switch the device has (EVIOCGBIT(EV_SW)). Returns 0, or -1 for a bad code.
int t9fake_enable_switch(int device, unsigned int code);

/// Sets whether a switch is on now (EVIOCGSW), as the kernel reports it to a new reader.
int t9fake_set_switch_on(int device, unsigned int code, int on);

/// Makes the open file behind `fd` answer as this device. Every descriptor of that file
/// answers, however it was opened later (the file is known by its device and inode numbers).
/// Returns 0, or -1 with errno set.
int t9fake_attach_fd(int device, int fd);

/// The same for the file at `path` (a FIFO that discovery will open by name).
int t9fake_attach_path(int device, const char *path);

/// From now on every ioctl on the device fails with ENODEV, as on an unplugged device.
void t9fake_set_vanished(int device, int vanished);

/// Makes EVIOCGRAB fail with this errno (EBUSY: another program holds the grab); 0 to succeed.
void t9fake_set_grab_error(int device, int error);

/// Whether the device is grabbed now (EVIOCGRAB 1 without a later EVIOCGRAB 0).
int t9fake_is_grabbed(int device);

/// The clock id set with EVIOCSCLOCKID, or -1 when none was set.
int t9fake_clock_id(int device);

/// How many ioctls the device has answered: proof that libevdev's calls reach the fake.
unsigned long t9fake_ioctl_count(int device);

/// Writes one struct input_event with this time (microseconds) to `fd`.
/// Returns 0, or -errno.
int t9fake_write_event(int fd, uint16_t type, uint16_t code, int32_t value, long long microseconds);

/// How many bytes wait unread in the FIFO or pipe behind `fd` (FIONREAD, asked of the kernel
/// itself, never of a fake device). Returns the count, or -errno.
int t9fake_unread_bytes(int fd);
/// A pipe whose ends are non-blocking and closed on exec, as libevdev's tests make them
/// (pipe2 needs _GNU_SOURCE, which Swift's Glibc module does not define). Returns 0 or -errno.
int t9fake_pipe(int ends[2]);

#endif
