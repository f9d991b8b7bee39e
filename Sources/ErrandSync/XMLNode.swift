/// One element of a small XML document as XMLReader builds it: its namespace URI and local
/// name (prefixes resolved), its child elements and its text (character data and CDATA of
/// the element itself, entities decoded). Attributes other than namespace declarations are
/// kept by qualified-as-written name, which is all WebDAV needs (`<C:comp name="VTODO"/>`).
public struct XMLNode: Equatable, Sendable {
    public var namespace: String
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLNode]
    public var text: String

    public init(namespace: String, name: String, attributes: [String: String] = [:], children: [XMLNode] = [],
                text: String = "") {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    public func child(_ namespace: String, _ name: String) -> XMLNode? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    public func all(_ namespace: String, _ name: String) -> [XMLNode] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    public func `is`(_ namespace: String, _ name: String) -> Bool {
        self.namespace == namespace && self.name == name
    }
}
