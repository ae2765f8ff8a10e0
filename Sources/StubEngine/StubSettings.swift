import Foundation

/// WireMock's global settings (`POST /__admin/settings`): a delay every stub answers after unless
/// it gives its own, `fixedDelay` (milliseconds) and a `delayDistribution`. As in WireMock, a reset
/// leaves them as they are.
///
/// ```json
/// {"fixedDelay": 250, "delayDistribution": {"type": "uniform", "lower": 0, "upper": 100}}
/// ```
package struct StubSettings: Sendable, Equatable {
    package var fixedDelay: Duration?
    package var delayDistribution: StubResponse.DelayDistribution?
    /// The settings as given, which `GET /__admin/settings` answers.
    package var json: JSONValue

    package init() {
        fixedDelay = nil
        delayDistribution = nil
        json = .object([:])
    }

    /// The settings of a body: `fixedDelay`, `delayDistribution`, `proxyPassThrough` (true, the
    /// only way this server proxies) and `extended` (kept, for extensions this server has none of).
    package static func parse(_ data: Data) throws(StubError) -> StubSettings {
        guard let json = JSONValue.parse(data) else { throw StubError(status: 400, message: "The body is not JSON.") }
        let fields = try Fields(json, path: "", reading: Reading(text: data))
        try fields.allow(["fixedDelay", "delayDistribution", "proxyPassThrough", "extended"])
        var settings = StubSettings()
        settings.fixedDelay = try fields.int("fixedDelay", in: 0...StubResponse.maximumDelayMilliseconds)
            .map { .milliseconds($0) }
        settings.delayDistribution = try StubResponse.distribution(fields.fields("delayDistribution"))
        if fields.object["proxyPassThrough"] != nil, try !fields.bool("proxyPassThrough") {
            throw .field("proxyPassThrough", "false is not a setting this server has: proxying stubs always proxy")
        }
        _ = try fields.fields("extended")
        settings.json = json
        return settings
    }
}
