import RosterModel

/// What `roster(1)` says of the whole tool: its environment, files and exit codes.
extension ManualPage {
    package static let environment: [(term: String, text: String)] = [
        ("MPS_TOKEN", "the session token itself (else --token-file, a profile's tokenFile, or the stored login)"),
        ("MPS_ENDPOINT", "the GraphQL endpoint (default https://mps-p.up.railway.app/graphql)"),
        ("MPS_SPACE", "the space to use"), ("MPS_PROFILE", "the profile of the config file to use"),
        ("NO_COLOR", "no colour when set to anything non-empty"),
        ("SSL_CERT_FILE", "a PEM bundle of certificate authorities to trust besides the system's"),
        ("SSL_CERT_DIR", "a folder of hashed certificates to trust in place of the system's folder"),
        ("https_proxy, http_proxy, no_proxy", "proxies, as curl uses them; plain http never goes through one"),
        ("XDG_CONFIG_HOME", "where the config file and stored logins live (default ~/.config)"),
    ]

    package static let files: [(term: String, text: String)] = [
        ("$XDG_CONFIG_HOME/roster/config.yaml", "profiles: endpoint, space, tokenFile, caFile, timeout, maxResponseMB"),
        ("$XDG_CONFIG_HOME/roster/tokens/PROFILE", "the login stored by roster auth login (mode 0600)"),
        ("roster.yaml, roster.json, roster/", "the roster read when no PATH is given: the first there is"),
    ]

    package static let exitCodes: [(term: String, text: String)] = [
        ("0", "success; for plan --detailed-exitcode, the space matches the roster"),
        ("1", "an error: invalid roster, bad option, network or server failure, apply cancelled"),
        ("2", "plan --detailed-exitcode: there are changes or unmanaged drift; pull --check: the files would change"),
        ("3", "refused by a safety rail: maxDeletes, a stale saved plan, another endpoint or space"),
        ("130", "apply interrupted: what was in flight was waited for and the report printed"),
    ]
}
