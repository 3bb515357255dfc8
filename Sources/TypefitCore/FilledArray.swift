extension Array {
    /// `count` copies of `value`: what `Array(repeating:count:)` gives, allocated through the array's
    /// growth path, which the compiler specialises for the element type.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)` allocate
    /// through the standard library's generic, unspecialised entry (`_allocateBufferUninitialized`),
    /// which looks up the storage class's metadata for the element type at run time: about 200
    /// instructions more per array (measured with callgrind: 790 → 565 for twelve `Double`s, with the
    /// allocation and freeing). The audit makes several such arrays per text it shapes and scales.
    @inlinable
    public init(filled value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
