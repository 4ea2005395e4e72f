/// Process exit codes, as `cli.md` defines them.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let changes: Int32 = 2
    public static let refused: Int32 = 3
    /// Apply interrupted (SIGINT or SIGTERM), as shells report a process stopped by SIGINT.
    public static let interrupted: Int32 = 130
}
