import CMorphLWS

/// Bytes lws needs in front of every payload passed to `lws_write`.
public let lwsPreBytes: Int = Int(morph_lws_pre)
