// SPDX-License-Identifier: Apache-2.0

/// The walk through a canvas's pixel array that follows one physical row: physical pixel
/// (px, py) shows logical pixel `origin + py * rowStep + px * columnStep`. Worked out once per
/// packer, so the inner loops only add a step.
struct RotationStepping: Sendable, Hashable {
    let origin: Int
    let rowStep: Int
    let columnStep: Int

    /// For a canvas `logical` in size, following `Rotation`'s table.
    init(_ rotation: Rotation, logical: ScreenSize) {
        let (width, height) = (logical.width, logical.height)
        switch rotation {
        case .upright: (origin, rowStep, columnStep) = (0, width, 1)
        // Physical (px, py) shows logical (py, H - 1 - px).
        case .clockwise90: (origin, rowStep, columnStep) = ((height - 1) * width, 1, -width)
        // Physical (px, py) shows logical (W - 1 - px, H - 1 - py).
        case .halfTurn: (origin, rowStep, columnStep) = (height * width - 1, -width, -1)
        // Physical (px, py) shows logical (W - 1 - py, px).
        case .clockwise270: (origin, rowStep, columnStep) = (width - 1, -1, width)
        }
    }

    /// The index of the logical pixel at the start of physical row `row`.
    @inline(__always)
    func start(ofRow row: Int) -> Int { origin + row * rowStep }
}
