/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The GPIO flag t9dial's overlays use. It mirrors the Linux kernel's
 * include/dt-bindings/gpio/gpio.h, at the same path, so the overlays build
 * without the kernel's headers, which Debian does not package.
 */
#ifndef T9DIAL_DT_BINDINGS_GPIO_H
#define T9DIAL_DT_BINDINGS_GPIO_H

/* The line is asserted (a key is down) when it reads low: keys pull it to ground. */
#define GPIO_ACTIVE_LOW 1

#endif
