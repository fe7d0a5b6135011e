/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The input defines t9dial's overlays use. They mirror the Linux kernel's
 * include/dt-bindings/input/input.h (and the key codes of linux-event-codes.h),
 * at the same path, so the overlays build without the kernel's headers, which
 * Debian does not package. Only what the overlays need is here; the values are
 * the kernel's ABI and never change.
 */
#ifndef T9DIAL_DT_BINDINGS_INPUT_H
#define T9DIAL_DT_BINDINGS_INPUT_H

/* The phone keypad's codes, which t9dial's phone-keypad keymap reads. */
#define KEY_NUMERIC_0		0x200
#define KEY_NUMERIC_1		0x201
#define KEY_NUMERIC_2		0x202
#define KEY_NUMERIC_3		0x203
#define KEY_NUMERIC_4		0x204
#define KEY_NUMERIC_5		0x205
#define KEY_NUMERIC_6		0x206
#define KEY_NUMERIC_7		0x207
#define KEY_NUMERIC_8		0x208
#define KEY_NUMERIC_9		0x209
#define KEY_NUMERIC_STAR	0x20a
#define KEY_NUMERIC_POUND	0x20b

/* One cell of a linux,keymap: the row in bits 31-24, the column in 23-16, the code in 15-0. */
#define MATRIX_KEY(row, col, code)	\
	((((row) & 0xFF) << 24) | (((col) & 0xFF) << 16) | ((code) & 0xFFFF))

#endif
