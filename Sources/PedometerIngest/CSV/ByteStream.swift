/// Bytes read in order, once, from something that is not a regular file: a zip entry
/// decompressed on the fly (``ZipEntryStream``). A ``CSVReader`` reads one in place of a file;
/// it cannot be read in parallel stretches, so one reader parses it all.
protocol ByteStream: AnyObject {
    /// Copies up to `count` bytes into `buffer`; 0 at the end. Throws what stopped the stream
    /// (a corrupt or oversized entry), located.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(IngestError) -> Int
    /// The size the stream says it has (a zip entry's declared size), for sizing buffers.
    var declaredSize: Int { get }
    /// Stops producing: the reader no longer wants the rest.
    func cancel()
}
