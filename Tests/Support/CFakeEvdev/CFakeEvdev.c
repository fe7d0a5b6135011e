// SPDX-License-Identifier: Apache-2.0
// The fake evdev devices of CFakeEvdev.h: a registry of fake devices, and an `ioctl` that
// answers for their files the way drivers/input/evdev.c does and passes every other call on.
#define _GNU_SOURCE
#include "CFakeEvdev.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <linux/input.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FAKE_DEVICES 64
#define FAKE_FILES 8
#define LONGS(bits) (((bits) + 8 * sizeof(unsigned long) - 1) / (8 * sizeof(unsigned long)))

struct fake_file {
    dev_t device;
    ino_t inode;
};

struct fake_device {
    int in_use;
    char name[256];
    char phys[256];
    int has_phys;
    char uniq[256];
    int has_uniq;
    struct input_id id;
    unsigned long key_bits[LONGS(KEY_CNT)];
    unsigned long key_state[LONGS(KEY_CNT)];
    unsigned long switch_bits[LONGS(SW_CNT)];
    unsigned long switch_state[LONGS(SW_CNT)];
    struct fake_file files[FAKE_FILES];
    int file_count;
    int vanished;
    int grab_error;
    int grabbed;
    int clock_id;
    unsigned long ioctl_count;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct fake_device registry[FAKE_DEVICES];
/// How many files are attached in all; while 0, ioctl goes straight on to libc.
static int attached_files;

typedef int (*ioctl_function)(int, unsigned long, ...);

/// libc's ioctl, the next definition after this executable's.
static ioctl_function next_ioctl(void) {
    static ioctl_function function;
    ioctl_function found = __atomic_load_n(&function, __ATOMIC_ACQUIRE);
    if (found == NULL) {
        found = (ioctl_function)dlsym(RTLD_NEXT, "ioctl");
        __atomic_store_n(&function, found, __ATOMIC_RELEASE);
    }
    return found;
}

static struct fake_device *device_at(int device) {
    if (device < 0 || device >= FAKE_DEVICES || !registry[device].in_use) return NULL;
    return &registry[device];
}

static struct fake_device *device_of_file(dev_t device, ino_t inode) {
    for (int index = 0; index < FAKE_DEVICES; index++) {
        struct fake_device *fake = &registry[index];
        if (!fake->in_use) continue;
        for (int file = 0; file < fake->file_count; file++) {
            if (fake->files[file].device == device && fake->files[file].inode == inode) return fake;
        }
    }
    return NULL;
}

static void set_bit(unsigned long *bits, unsigned int bit, int on) {
    unsigned long mask = 1UL << (bit % (8 * sizeof(unsigned long)));
    if (on) {
        bits[bit / (8 * sizeof(unsigned long))] |= mask;
    } else {
        bits[bit / (8 * sizeof(unsigned long))] &= ~mask;
    }
}

static int has_any_bit(const unsigned long *bits, size_t longs) {
    for (size_t index = 0; index < longs; index++) {
        if (bits[index] != 0) return 1;
    }
    return 0;
}

/// Copies a string as evdev's str_to_user does: with its NUL, cut to the caller's size.
static int copy_string(void *argument, unsigned int size, const char *text) {
    size_t length = strlen(text) + 1;
    if (length > size) length = size;
    memcpy(argument, text, length);
    return (int)length;
}

/// Copies a bitmap as evdev's bits_to_user does: as many bytes as both sides have.
static int copy_bits(void *argument, unsigned int size, const unsigned long *bits, size_t longs) {
    size_t length = longs * sizeof(unsigned long);
    if (length > size) length = size;
    if (bits == NULL) {
        memset(argument, 0, length);
    } else {
        memcpy(argument, bits, length);
    }
    return (int)length;
}

/// The bitmap size in longs of an event type's codes, as EVIOCGBIT answers for it.
static size_t code_longs(unsigned int type) {
    switch (type) {
    case 0: return LONGS(EV_CNT);
    case EV_KEY: return LONGS(KEY_CNT);
    case EV_REL: return LONGS(REL_CNT);
    case EV_ABS: return LONGS(ABS_CNT);
    case EV_MSC: return LONGS(MSC_CNT);
    case EV_SW: return LONGS(SW_CNT);
    case EV_LED: return LONGS(LED_CNT);
    case EV_SND: return LONGS(SND_CNT);
    case EV_FF: return LONGS(FF_CNT);
    default: return 0;
    }
}

/// One ioctl on a fake device's file: the result evdev gives, or -1 with *error set.
static int answer(struct fake_device *fake, unsigned long request, void *argument, int *error) {
    fake->ioctl_count++;
    if (fake->vanished) {
        *error = ENODEV;
        return -1;
    }
    if (_IOC_TYPE(request) != 'E') {
        *error = ENOTTY;
        return -1;
    }
    switch (request) {
    case EVIOCGVERSION:
        *(int *)argument = EV_VERSION;
        return 0;
    case EVIOCGID:
        memcpy(argument, &fake->id, sizeof(fake->id));
        return 0;
    case EVIOCGREP:
        ((unsigned int *)argument)[0] = 250;
        ((unsigned int *)argument)[1] = 33;
        return 0;
    case EVIOCSCLOCKID: {
        int clock = *(const int *)argument;
        if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC && clock != CLOCK_BOOTTIME) {
            *error = EINVAL;
            return -1;
        }
        fake->clock_id = clock;
        return 0;
    }
    case EVIOCGRAB:
        if (fake->grab_error != 0) {
            *error = fake->grab_error;
            return -1;
        }
        if (argument != NULL) {
            if (fake->grabbed) {
                *error = EBUSY;
                return -1;
            }
            fake->grabbed = 1;
        } else {
            if (!fake->grabbed) {
                *error = EINVAL;
                return -1;
            }
            fake->grabbed = 0;
        }
        return 0;
    default:
        break;
    }

    if (_IOC_DIR(request) != _IOC_READ) {
        *error = EINVAL;
        return -1;
    }
    unsigned int number = _IOC_NR(request);
    unsigned int size = _IOC_SIZE(request);
    if ((number & ~EV_MAX) == _IOC_NR(EVIOCGBIT(0, 0))) {
        unsigned int type = number & EV_MAX;
        if (type == 0) {
            unsigned long types[LONGS(EV_CNT)] = {0};
            set_bit(types, EV_SYN, 1);
            if (has_any_bit(fake->key_bits, LONGS(KEY_CNT))) set_bit(types, EV_KEY, 1);
            if (has_any_bit(fake->switch_bits, LONGS(SW_CNT))) set_bit(types, EV_SW, 1);
            return copy_bits(argument, size, types, LONGS(EV_CNT));
        }
        const unsigned long *bits = type == EV_KEY ? fake->key_bits : type == EV_SW ? fake->switch_bits : NULL;
        return copy_bits(argument, size, bits, code_longs(type));
    }
    if ((number & ~ABS_MAX) == _IOC_NR(EVIOCGABS(0))) {
        *error = EINVAL;
        return -1;
    }
    switch (number) {
    case _IOC_NR(EVIOCGNAME(0)):
        return copy_string(argument, size, fake->name);
    case _IOC_NR(EVIOCGPHYS(0)):
        if (!fake->has_phys) {
            *error = ENOENT;
            return -1;
        }
        return copy_string(argument, size, fake->phys);
    case _IOC_NR(EVIOCGUNIQ(0)):
        if (!fake->has_uniq) {
            *error = ENOENT;
            return -1;
        }
        return copy_string(argument, size, fake->uniq);
    case _IOC_NR(EVIOCGPROP(0)):
        return copy_bits(argument, size, NULL, LONGS(INPUT_PROP_CNT));
    case _IOC_NR(EVIOCGKEY(0)):
        return copy_bits(argument, size, fake->key_state, LONGS(KEY_CNT));
    case _IOC_NR(EVIOCGLED(0)):
        return copy_bits(argument, size, NULL, LONGS(LED_CNT));
    case _IOC_NR(EVIOCGSND(0)):
        return copy_bits(argument, size, NULL, LONGS(SND_CNT));
    case _IOC_NR(EVIOCGSW(0)):
        return copy_bits(argument, size, fake->switch_state, LONGS(SW_CNT));
    default:
        *error = EINVAL;
        return -1;
    }
}

int ioctl(int fd, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);

    if (__atomic_load_n(&attached_files, __ATOMIC_ACQUIRE) > 0) {
        int saved = errno;
        struct stat status;
        if (fstat(fd, &status) == 0) {
            pthread_mutex_lock(&registry_lock);
            struct fake_device *fake = device_of_file(status.st_dev, status.st_ino);
            if (fake != NULL) {
                int error = 0;
                int result = answer(fake, request, argument, &error);
                pthread_mutex_unlock(&registry_lock);
                if (result < 0) errno = error;
                return result;
            }
            pthread_mutex_unlock(&registry_lock);
        }
        errno = saved;
    }
    ioctl_function next = next_ioctl();
    if (next == NULL) {
        errno = ENOSYS;
        return -1;
    }
    return next(fd, request, argument);
}

int t9fake_create(const char *name, uint16_t bustype, uint16_t vendor, uint16_t product, uint16_t version) {
    pthread_mutex_lock(&registry_lock);
    int found = -1;
    for (int index = 0; index < FAKE_DEVICES; index++) {
        if (!registry[index].in_use) {
            found = index;
            break;
        }
    }
    if (found >= 0) {
        struct fake_device *fake = &registry[found];
        memset(fake, 0, sizeof(*fake));
        fake->in_use = 1;
        strncpy(fake->name, name, sizeof(fake->name) - 1);
        fake->id.bustype = bustype;
        fake->id.vendor = vendor;
        fake->id.product = product;
        fake->id.version = version;
        fake->clock_id = -1;
    }
    pthread_mutex_unlock(&registry_lock);
    return found;
}

void t9fake_destroy(int device) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL) {
        __atomic_sub_fetch(&attached_files, fake->file_count, __ATOMIC_RELEASE);
        memset(fake, 0, sizeof(*fake));
    }
    pthread_mutex_unlock(&registry_lock);
}

static void set_text(char *field, int *has, const char *text) {
    if (text == NULL) {
        *has = 0;
        field[0] = 0;
    } else {
        *has = 1;
        strncpy(field, text, 255);
        field[255] = 0;
    }
}

void t9fake_set_phys(int device, const char *phys) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL) set_text(fake->phys, &fake->has_phys, phys);
    pthread_mutex_unlock(&registry_lock);
}

void t9fake_set_uniq(int device, const char *uniq) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL) set_text(fake->uniq, &fake->has_uniq, uniq);
    pthread_mutex_unlock(&registry_lock);
}

int t9fake_enable_key(int device, unsigned int code) {
    int result = -1;
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL && code <= KEY_MAX) {
        set_bit(fake->key_bits, code, 1);
        result = 0;
    }
    pthread_mutex_unlock(&registry_lock);
    return result;
}

int t9fake_set_key_down(int device, unsigned int code, int down) {
    int result = -1;
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL && code <= KEY_MAX) {
        set_bit(fake->key_state, code, down);
        result = 0;
    }
    pthread_mutex_unlock(&registry_lock);
    return result;
}

int t9fake_enable_switch(int device, unsigned int code) {
    int result = -1;
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL && code <= SW_MAX) {
        set_bit(fake->switch_bits, code, 1);
        result = 0;
    }
    pthread_mutex_unlock(&registry_lock);
    return result;
}

int t9fake_set_switch_on(int device, unsigned int code, int on) {
    int result = -1;
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL && code <= SW_MAX) {
        set_bit(fake->switch_state, code, on);
        result = 0;
    }
    pthread_mutex_unlock(&registry_lock);
    return result;
}

static int attach(int device, const struct stat *status) {
    int result = -1;
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake == NULL) {
        errno = EINVAL;
    } else if (fake->file_count == FAKE_FILES) {
        errno = ENOSPC;
    } else {
        fake->files[fake->file_count].device = status->st_dev;
        fake->files[fake->file_count].inode = status->st_ino;
        fake->file_count++;
        __atomic_add_fetch(&attached_files, 1, __ATOMIC_RELEASE);
        result = 0;
    }
    pthread_mutex_unlock(&registry_lock);
    return result;
}

int t9fake_attach_fd(int device, int fd) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -1;
    return attach(device, &status);
}

int t9fake_attach_path(int device, const char *path) {
    struct stat status;
    if (stat(path, &status) != 0) return -1;
    return attach(device, &status);
}

void t9fake_set_vanished(int device, int vanished) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL) fake->vanished = vanished;
    pthread_mutex_unlock(&registry_lock);
}

void t9fake_set_grab_error(int device, int error) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    if (fake != NULL) fake->grab_error = error;
    pthread_mutex_unlock(&registry_lock);
}

int t9fake_is_grabbed(int device) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    int grabbed = fake != NULL && fake->grabbed;
    pthread_mutex_unlock(&registry_lock);
    return grabbed;
}

int t9fake_clock_id(int device) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    int clock = fake != NULL ? fake->clock_id : -1;
    pthread_mutex_unlock(&registry_lock);
    return clock;
}

unsigned long t9fake_ioctl_count(int device) {
    pthread_mutex_lock(&registry_lock);
    struct fake_device *fake = device_at(device);
    unsigned long count = fake != NULL ? fake->ioctl_count : 0;
    pthread_mutex_unlock(&registry_lock);
    return count;
}

int t9fake_write_event(int fd, uint16_t type, uint16_t code, int32_t value, long long microseconds) {
    struct input_event event;
    memset(&event, 0, sizeof(event));
    event.input_event_sec = (time_t)(microseconds / 1000000LL);
    event.input_event_usec = (suseconds_t)(microseconds % 1000000LL);
    event.type = type;
    event.code = code;
    event.value = value;
    ssize_t written = write(fd, &event, sizeof(event));
    if (written < 0) return -errno;
    return written == (ssize_t)sizeof(event) ? 0 : -EIO;
}

int t9fake_unread_bytes(int fd) {
    int bytes = 0;
    if (next_ioctl()(fd, FIONREAD, &bytes) < 0) return -errno;
    return bytes;
}

int t9fake_pipe(int ends[2]) {
    return pipe2(ends, O_NONBLOCK | O_CLOEXEC) == 0 ? 0 : -errno;
}
