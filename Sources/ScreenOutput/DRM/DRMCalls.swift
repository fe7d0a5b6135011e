// SPDX-License-Identifier: Apache-2.0

import CDRM
import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libdrm calls of the ScreenOutput module, each behind a small wrapper, so every call on
/// a DRM card is listed here. libdrm returns -1 with errno set, or NULL.
enum DRMCalls {
    /// The card's connectors and CRTCs in its order, the connectors as plain values with their
    /// modes and encoders. (drmModeGetResources, drmModeGetConnector, drmModeGetEncoder)
    static func resources(_ descriptor: FileDescriptor) -> Result<(connectors: [DRMConnector], crtcs: [UInt32]), Errno> {
        guard let resources = drmModeGetResources(descriptor.rawValue) else { return .failure(.current) }
        defer { drmModeFreeResources(resources) }
        let crtcs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        var connectors: [DRMConnector] = []
        for index in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(descriptor.rawValue, resources.pointee.connectors[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            connectors.append(plainConnector(descriptor, connector.pointee))
        }
        return .success((connectors, crtcs))
    }

    private static func plainConnector(_ descriptor: FileDescriptor, _ connector: drmModeConnector) -> DRMConnector {
        let typeName = drmModeGetConnectorTypeName(connector.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = (0..<Int(connector.count_modes)).map { index in
            let mode = connector.modes[index]
            return DRMMode(
                width: Int(mode.hdisplay), height: Int(mode.vdisplay), refresh: Int(mode.vrefresh),
                preferred: mode.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
        }
        let encoders = (0..<Int(connector.count_encoders)).compactMap { index -> DRMEncoder? in
            guard let encoder = drmModeGetEncoder(descriptor.rawValue, connector.encoders[index]) else { return nil }
            defer { drmModeFreeEncoder(encoder) }
            let possible = encoder.pointee.possible_crtcs
            return DRMEncoder(id: encoder.pointee.encoder_id, crtc: encoder.pointee.crtc_id, possibleCRTCIndexes: (0..<32).filter { possible & (1 << $0) != 0 })
        }
        return DRMConnector(
            id: connector.connector_id, name: "\(typeName)-\(connector.connector_type_id)",
            connected: connector.connection == DRM_MODE_CONNECTED, modes: modes, encoder: connector.encoder_id, encoders: encoders)
    }

    /// Whether the card can make dumb buffers. (drmGetCap DRM_CAP_DUMB_BUFFER)
    static func hasDumbBuffers(_ descriptor: FileDescriptor) -> Bool {
        var value: UInt64 = 0
        return drmGetCap(descriptor.rawValue, UInt64(DRM_CAP_DUMB_BUFFER), &value) == 0 && value != 0
    }

    /// Makes this descriptor the card's master, which setting a mode needs; a descriptor that
    /// opened a card nobody holds is master already. (drmIsMaster, drmSetMaster)
    static func becomeMaster(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        if drmIsMaster(descriptor.rawValue) != 0 { return .success(0) }
        return valueOrErrno(drmSetMaster(descriptor.rawValue))
    }

    /// The kernel's mode structure of a connector's mode, to set it. (drmModeGetConnector)
    static func modeInfo(_ descriptor: FileDescriptor, connector: UInt32, index: Int) -> Result<drmModeModeInfo, Errno> {
        guard let found = drmModeGetConnector(descriptor.rawValue, connector) else { return .failure(.current) }
        defer { drmModeFreeConnector(found) }
        guard index < Int(found.pointee.count_modes) else { return .failure(Errno(ENOENT)) }
        return .success(found.pointee.modes[index])
    }

    /// What a CRTC shows now, to put it back at exit. (drmModeGetCrtc)
    static func crtc(_ descriptor: FileDescriptor, _ id: UInt32) -> drmModeCrtc? {
        guard let crtc = drmModeGetCrtc(descriptor.rawValue, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        return crtc.pointee
    }

    /// A dumb buffer of 32 bits a pixel, mapped, with a framebuffer object for it in XRGB8888
    /// (depth 24 at 32 bits a pixel). (DRM_IOCTL_MODE_CREATE_DUMB, drmModeAddFB,
    /// DRM_IOCTL_MODE_MAP_DUMB, mmap)
    static func createBuffer(_ descriptor: FileDescriptor, width: Int, height: Int) -> Result<DRMBuffer, DRMError.Operation> {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard t9dial_drm_create_dumb(descriptor.rawValue, UInt32(width), UInt32(height), &handle, &pitch, &size) == 0 else {
            return .failure(.createBuffer)
        }
        var framebuffer: UInt32 = 0
        guard drmModeAddFB(descriptor.rawValue, UInt32(width), UInt32(height), 24, 32, pitch, handle, &framebuffer) == 0 else {
            let saved = errno
            _ = t9dial_drm_destroy_dumb(descriptor.rawValue, handle)
            errno = saved
            return .failure(.addFramebuffer)
        }
        guard let address = t9dial_drm_map_dumb(descriptor.rawValue, handle, size) else {
            let saved = errno
            _ = drmModeRmFB(descriptor.rawValue, framebuffer)
            _ = t9dial_drm_destroy_dumb(descriptor.rawValue, handle)
            errno = saved
            return .failure(.map)
        }
        let memory = UnsafeMutableRawBufferPointer(start: address, count: Int(size))
        return .success(DRMBuffer(handle: handle, framebuffer: framebuffer, pitch: Int(pitch), memory: memory))
    }

    /// Unmaps a buffer and frees it with its framebuffer object. (munmap, drmModeRmFB,
    /// DRM_IOCTL_MODE_DESTROY_DUMB)
    static func destroyBuffer(_ descriptor: FileDescriptor, _ buffer: DRMBuffer) {
        munmap(buffer.memory.baseAddress, buffer.memory.count)
        _ = drmModeRmFB(descriptor.rawValue, buffer.framebuffer)
        _ = t9dial_drm_destroy_dumb(descriptor.rawValue, buffer.handle)
    }

    /// Scans `framebuffer` out on `crtc` to `connector` in `mode`; framebuffer 0 and no mode
    /// turn the CRTC off. (drmModeSetCrtc)
    static func setCRTC(
        _ descriptor: FileDescriptor, crtc: UInt32, framebuffer: UInt32, x: UInt32 = 0, y: UInt32 = 0, connector: UInt32?, mode: drmModeModeInfo?
    ) -> Result<Int32, Errno> {
        var connectors = connector.map { [$0] } ?? []
        var mode = mode
        return connectors.withUnsafeMutableBufferPointer { connectors in
            if mode != nil {
                return valueOrErrno(
                    drmModeSetCrtc(descriptor.rawValue, crtc, framebuffer, x, y, connectors.baseAddress, Int32(connectors.count), &mode!))
            }
            return valueOrErrno(drmModeSetCrtc(descriptor.rawValue, crtc, framebuffer, x, y, connectors.baseAddress, Int32(connectors.count), nil))
        }
    }
}

/// A mapped dumb buffer and its framebuffer object.
struct DRMBuffer {
    let handle: UInt32
    let framebuffer: UInt32
    let pitch: Int
    let memory: UnsafeMutableRawBufferPointer
}
