/// The discussions of `--help`: what a command is for, beyond its abstract, and examples that run
/// as they are on the embedded backend.
enum HelpText {
    static func examples(_ lines: String...) -> String {
        "Examples:\n" + lines.map { "  \($0)" }.joined(separator: "\n")
    }

    static let root = """
        Every command runs on an embedded copy of the five backends unless --base-url names a live \
        one (apps serve starts one). Text is for people, --format json for scripts.

        \(examples("apps lotto results", "apps koober signin --email johnny@gmail.com", "apps serve --port 8080"))

        Full-screen apps, one per domain (? lists the keys, q quits, Ctrl-Z suspends):
          apps lotto ui       results, draw details, your tickets, quick picks
          apps koober ui      sign in or up, pick a drop-off, request a ride
          apps pilot ui       the registration form, licenses, confirmation
          apps listings ui    products with prices, badges and offers per user
          apps auth ui        the MVP login screen

        Environment:
          APPS_STATE_DIR      where sessions and the registered pilot are kept
                              (default: $XDG_STATE_HOME/apps, else ~/.local/state/apps)
          APPS_CACHE_DIR      where HTTP answers are cached for offline use
                              (default: $XDG_CACHE_HOME/apps, else ~/.cache/apps)
          XDG_STATE_HOME, XDG_CACHE_HOME
                              used when absolute, as the XDG specification says
          NO_COLOR            any non-empty value turns colour off
                              (so do --no-color and TERM=dumb)
          COLORTERM, TERM     the full-screen apps use 24-bit colour when
                              COLORTERM is truecolor or 24bit, 256 colours
                              when TERM says 256color, else the basic 16
          LISTINGS_USERNAME, LISTINGS_PASSWORD
                              the listings backend's basic-auth credentials
                              (default: admin / password)

        Exit codes:
          0   success
          1   the backend or the app said no: unauthorized, not found,
              not signed in, conflict, invalid input
          64  the command line was wrong (usage)
          65  the backend sent data that cannot be used, or a stored file is damaged
          66  an input file cannot be read
          69  the backend is unavailable
          73  an output file or folder cannot be created
          74  reading or writing failed (a full disk, a closed output)

        Completions: apps completions bash|zsh|fish. Manual: man Docs/man/apps.1 (make man).
        """

    static let lotto = examples(
        "apps lotto results", "apps lotto draw draw-1", "apps lotto check 2 16 23 44 47 52 --bonus 14")
    static let results = examples("apps lotto results", "apps lotto results --format json")
    static let draw = examples("apps lotto draw draw-1", "apps lotto draw draw-14 --format json")
    static let tickets = examples("apps lotto tickets", "apps lotto tickets --format json")
    static let check = examples(
        "apps lotto check 2 16 23 44 47 52", "apps lotto check 2 16 23 44 47 52 --bonus 14 --draw draw-1")
    /// A full-screen app's keys; it runs on a terminal only, so it has no examples to run.
    static func interactive(_ keys: String) -> String {
        """
        Full screen, on the embedded backend or --base-url like every command. Needs a terminal on \
        standard input and output (otherwise exit 64). NO_COLOR turns colours off; --verbose logs to \
        ui.log in the state folder; --screen-reader writes plain lines for a screen reader instead.

        Keys: \(keys). Everywhere: ? (F1 in a field) lists the keys, r retries what failed, Esc goes \
        back, q quits (Ctrl-C too), Ctrl-L redraws, Ctrl-Z suspends; lists take ↑↓ j k, PgUp PgDn, \
        Home End g G; fields take ← → Home End, Ctrl-U, Ctrl-K, Ctrl-W and pastes.
        """
    }

    static let lottoUI = interactive(
        "Tab and Shift-Tab switch Results | Tickets | Quick pick, Enter opens a draw, ← and → (h, l) go to the "
            + "older and newer draw, n picks a new line")
    static let authUI = interactive(
        "type into the focused field, Tab and Shift-Tab move between the fields and the button, Enter taps "
            + "the button (Login, Cancel while the request runs, Try again after a failure), Esc cancels a "
            + "request in flight, Esc on the success screen goes back")
    static let pilotUI = interactive(
        "type into the focused field (each field's message shows as you type), Tab and Shift-Tab move, ← → or "
            + "Space choose a license, Enter on Register registers, l logs out on the confirmation screen")
    static let listingsUI = interactive(
        "Enter opens a product's details (with its image's format and size), 1–9 switch the user whose offers "
            + "decide the badges")
    static let kooberUI = interactive(
        "on the welcome screen ←→ and Enter (or i, u) open sign in or sign up; in a form type into the focused "
            + "field, Tab moves, Enter on the button submits; signed in, d presents the drop-off picker (type to "
            + "search, Enter selects, Esc cancels), ←→ choose the ride option, Enter requests, n starts another "
            + "ride, s signs out")
    static let quickpick = examples("apps lotto quickpick --count 5", "apps lotto quickpick --count 5 --seed 42")
    static let checkFile = examples(
        "apps lotto generate-lines --count 1000 > lines.csv", "apps lotto check-file lines.csv",
        "apps lotto check-file - --skip-invalid < lines.csv")
    static let koober = examples(
        "apps koober signin --email johnny@gmail.com", "apps koober ride --pickup opera-house --dropoff moma")
    static let signin = examples(
        "apps koober signin --email johnny@gmail.com", "echo password | apps koober signin --email johnny@gmail.com")
    static let kooberWhoami = examples("apps koober whoami", "apps koober whoami --format json")
    static let signout = examples("apps koober signout")
    static let locations = examples("apps koober locations", "apps koober locations --query opera")
    static let ride = examples(
        "apps koober ride --pickup opera-house --dropoff moma",
        "apps koober ride --pickup \"Opera House\" --dropoff MOMA --option wallaroo")
    static let contrast = examples("apps koober contrast '#000' '#00CEBC'", "apps koober contrast '#FFFFFF' '#00CEBC'")
    static let pilot = examples("apps pilot licenses", "apps pilot register --name Ann --license PPL")
    static let licenses = examples("apps pilot licenses", "apps pilot licenses --format json")
    static let register = examples(
        "apps pilot register --name Ann --license PPL",
        "printf 'Secret123456\\nSecret123456\\n' | apps pilot register --name Ann --license ppl")
    static let pilotWhoami = examples("apps pilot whoami")
    static let logout = examples("apps pilot logout")
    static let listings = examples("apps listings products", "apps listings product 1 --user 5")
    static let products = examples("apps listings products", "apps listings products --user 1 --format json")
    static let product = examples("apps listings product 1", "apps listings product 3 --user 1")
    static let images = examples(
        "apps listings images --output images", "apps listings images --output images --parallel 8")
    static let auth = examples("echo secret | apps auth login --email ann@example.com")
    static let login = examples(
        "apps auth login --email ann@example.com", "echo secret | apps auth login --email ann@example.com --format json"
    )
    static let serve = """
        The backend an app's simulator and UI tests point at (Docs/Backends.md, "A backend for \
        tests"). The first line is Listening on http://HOST:PORT, the second the seed of the random \
        choices (--seed repeats them).

        One request's answer, Prism's convention: Prefer: code=401 sends the operation's documented \
        401 and its example; Prefer: example=NAME picks a named one; Prefer: fault=reset|empty|\
        truncate|dribble cuts that request's connection. The next request is normal.

        Admin routes, WireMock's: GET /__admin/requests (filters method, urlPath, url, \
        urlPathPattern, limit; secrets redacted), DELETE /__admin/requests, POST \
        /__admin/requests/count, POST /__admin/reset, GET /__admin/scenarios, PUT \
        /__admin/scenarios/NAME/state {"state": "..."}, POST /__admin/mappings (WireMock's stubs; \
        --root-dir DIR serves a WireMock folder), POST /__admin/recordings/start \
        {"targetBaseUrl": "..."} and /stop (stubs of what another server answered).

        \(examples(
            "apps serve --port 8080", "apps serve --port 0 --failure-rate 0.1 --reset-rate 0.1 --seed 7",
            "apps serve --data ./my-fixtures",
            "apps serve --proxy https://api.example.com --record ./my-fixtures",
            "curl -i -H 'Prefer: code=503' http://127.0.0.1:8080/lotto/draws",
            "curl 'http://127.0.0.1:8080/__admin/requests?urlPath=/lotto/draws'",
            "curl -X POST http://127.0.0.1:8080/__admin/reset"))
        """
    static let completions = examples(
        "apps completions bash > /etc/bash_completion.d/apps", "apps completions zsh > ~/.zfunc/_apps",
        "apps completions fish > ~/.config/fish/completions/apps.fish")
}
