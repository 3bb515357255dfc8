#if canImport(Glibc)
import Glibc
#endif

/// The process's freed memory, given back to the system.
public enum SystemMemory {
    /// Gives the pages of freed heap memory back to the system (glibc's `malloc_trim`, looked up at
    /// run time: Swift's Glibc module leaves out `malloc.h`; elsewhere nothing). glibc keeps freed
    /// pages for reuse, so without this a large run's peak resident memory is what it held before
    /// spilling (``RecordStore``) plus whatever the rest of the run, scattered across that freed
    /// memory, touches afresh: it crept up with the run's size.
    public static func giveBackFreedPages() {
        #if canImport(Glibc)
        if let trim = mallocTrim { _ = trim(0) }
        #endif
    }

    #if canImport(Glibc)
    private typealias MallocTrim = @convention(c) (Int) -> Int32
    private static let mallocTrim: MallocTrim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: MallocTrim.self) }
    #endif
}
