/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The BCM2835 pin controller values t9dial's overlays use. They mirror the
 * Linux kernel's include/dt-bindings/pinctrl/bcm2835.h, at the same path, so
 * the overlays build without the kernel's headers, which Debian does not
 * package. The Raspberry Pi 5's pin controller reads the same values.
 */
#ifndef T9DIAL_DT_BINDINGS_PINCTRL_BCM2835_H
#define T9DIAL_DT_BINDINGS_PINCTRL_BCM2835_H

/* brcm,function: the pin is a plain GPIO input; the drivers switch it to output when they drive it. */
#define BCM2835_FSEL_GPIO_IN	0

/* brcm,pull */
#define BCM2835_PUD_OFF		0
#define BCM2835_PUD_UP		2

#endif
