// SPDX-License-Identifier: Apache-2.0
// libdrm (Debian's libdrm2), which the ScreenOutput module draws through where a board has
// DRM/KMS and no /dev/fb. Swift code calls it only through ScreenOutput/DRM/DRMCalls.swift.
#ifndef T9DIAL_CDRM_H
#define T9DIAL_CDRM_H

#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/// A dumb buffer of width x height at 32 bits a pixel; 0 and its handle, pitch and size, or
/// -1 with errno. (ioctl DRM_IOCTL_MODE_CREATE_DUMB, whose struct Swift sees but whose request
/// number is a macro it cannot.)
static inline int t9dial_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb create;
    memset(&create, 0, sizeof create);
    create.width = width;
    create.height = height;
    create.bpp = 32;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) != 0) return -1;
    *handle = create.handle;
    *pitch = create.pitch;
    *size = create.size;
    return 0;
}

/// Maps a dumb buffer of `size` bytes shared and read-write; NULL with errno on failure.
/// (ioctl DRM_IOCTL_MODE_MAP_DUMB, mmap)
static inline void *t9dial_drm_map_dumb(int fd, uint32_t handle, uint64_t size) {
    struct drm_mode_map_dumb map;
    memset(&map, 0, sizeof map);
    map.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map) != 0) return NULL;
    void *address = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)map.offset);
    return address == MAP_FAILED ? NULL : address;
}

/// Frees a dumb buffer. (ioctl DRM_IOCTL_MODE_DESTROY_DUMB)
static inline int t9dial_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb destroy;
    memset(&destroy, 0, sizeof destroy);
    destroy.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &destroy);
}

#endif
