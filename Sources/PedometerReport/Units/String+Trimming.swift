extension String {
    /// The text without `character` repeated at its start and its end (`"  1:30 "` → `1:30`).
    func trimming(_ character: Character) -> Substring {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}
