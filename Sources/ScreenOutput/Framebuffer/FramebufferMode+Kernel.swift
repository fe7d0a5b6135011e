// SPDX-License-Identifier: Apache-2.0

import CLinux
import ScreenRender

extension FramebufferMode {
    /// The mode from the kernel's two structs, as FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO
    /// filled them.
    init(variable: fb_var_screeninfo, fixed: fb_fix_screeninfo) {
        func field(_ bitfield: fb_bitfield) -> ColorField {
            ColorField(offset: Int(bitfield.offset), length: Int(bitfield.length))
        }
        let identifier = withUnsafeBytes(of: fixed.id) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(
            identifier: identifier,
            width: Int(variable.xres), height: Int(variable.yres),
            virtualWidth: Int(variable.xres_virtual), virtualHeight: Int(variable.yres_virtual),
            xOffset: Int(variable.xoffset), yOffset: Int(variable.yoffset),
            bitsPerPixel: Int(variable.bits_per_pixel), grayscale: variable.grayscale != 0,
            red: field(variable.red), green: field(variable.green), blue: field(variable.blue),
            transparency: field(variable.transp),
            bitsReversed: variable.red.msb_right != 0 || variable.green.msb_right != 0 || variable.blue.msb_right != 0,
            lineLength: Int(fixed.line_length), visual: FramebufferVisual(rawValue: fixed.visual),
            type: fixed.type, memoryLength: Int(fixed.smem_len))
    }
}
