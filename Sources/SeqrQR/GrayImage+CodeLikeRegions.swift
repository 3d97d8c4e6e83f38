extension GrayImage {
    /// Areas that look like a QR code nobody has read yet: blocks of `cell`×`cell` pixels
    /// with strong contrast, dark and light mixed about evenly and changing often along
    /// their rows, grouped into connected areas at least `minimumCells` cells wide and high
    /// and mostly filled. Text lines are too thin or too sparse to qualify, paper and desk
    /// too flat. Largest areas first.
    ///
    /// The detector in one call over a photo of many codes sometimes reads a code from a
    /// crop that it cannot read from the whole page; these areas are those crops.
    func codeLikeRegions(cell: Int = 16, minimumCells: Int = 5) -> [PixelRect] {
        let columns = width / cell, rows = height / cell
        guard columns >= minimumCells, rows >= minimumCells else { return [] }
        var marked = [Bool](repeating: false, count: columns * rows)
        pixels.withUnsafeBufferPointer { p in
            for row in 0..<rows {
                for column in 0..<columns {
                    let x0 = column * cell, y0 = row * cell
                    var low = 255, high = 0
                    for y in stride(from: y0, to: y0 + cell, by: 2) {
                        for x in x0..<(x0 + cell) {
                            let v = Int(p[y * width + x])
                            low = min(low, v)
                            high = max(high, v)
                        }
                    }
                    guard high - low >= 64 else { continue }
                    let middle = (low + high) / 2
                    var dark = 0, changes = 0, samples = 0
                    for y in stride(from: y0, to: y0 + cell, by: 2) {
                        var previous = p[y * width + x0] < middle
                        for x in x0..<(x0 + cell) {
                            let isDark = Int(p[y * width + x]) < middle
                            if isDark { dark += 1 }
                            if isDark != previous { changes += 1 }
                            previous = isDark
                            samples += 1
                        }
                    }
                    let darkShare = Double(dark) / Double(samples)
                    let changesPerRow = Double(changes) / Double(cell / 2)
                    marked[row * columns + column] = darkShare > 0.2 && darkShare < 0.8 && changesPerRow >= 1.5
                }
            }
        }
        // Connected areas of marked cells (4-neighbours), by flood fill.
        var label = [Int](repeating: -1, count: columns * rows)
        var regions: [(rect: PixelRect, cells: Int)] = []
        for start in marked.indices where marked[start] && label[start] < 0 {
            var stack = [start]
            label[start] = start
            var minX = columns, maxX = 0, minY = rows, maxY = 0, count = 0
            while let index = stack.popLast() {
                let (x, y) = (index % columns, index / columns)
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < columns && ny >= 0 && ny < rows {
                    let next = ny * columns + nx
                    if marked[next] && label[next] < 0 {
                        label[next] = start
                        stack.append(next)
                    }
                }
            }
            let (w, h) = (maxX - minX + 1, maxY - minY + 1)
            guard w >= minimumCells, h >= minimumCells, count * 2 >= w * h else { continue }
            regions.append((PixelRect(x: minX * cell, y: minY * cell, width: w * cell, height: h * cell), count))
        }
        return regions.sorted { $0.cells > $1.cells }.map(\.rect)
    }

    /// The pixels inside `rect`, clipped to the image.
    func cropped(to rect: PixelRect) -> GrayImage {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return GrayImage(width: 1, height: 1) }
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { out.append(contentsOf: pixels[(y * width + x0)..<(y * width + x1)]) }
        return GrayImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}
