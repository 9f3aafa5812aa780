// pathing: fast grid path-finding. MIT licensed.
//
// Output files of the CLI (`path --svg`, `field --svg`, `scen --tsv`, `gen`) written all or
// nothing (issue #19 D5): the text goes to a temporary file beside the target, which is renamed
// over the target only when every byte was written, flushed and closed.
#pragma once

#include <string>
#include <string_view>

namespace pathing::cli {

/// One output file staged in a temporary file beside it until `commit()`.
///
/// - A regular target (or one that does not exist yet): `write()` creates `.pathing-XXXXXXXX.tmp`
///   in the target's directory (a symbolic link is followed to the file it names), writes,
///   flushes (fsync) and closes it; `commit()` renames it over the target, which keeps its old
///   content until then. The new file gets the old one's permission bits (not its owner). A
///   failure removes the temporary file.
/// - A target that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO):
///   `write()` writes to it directly, as a rename over it would be wrong; `commit()` does
///   nothing. (A directory fails to open: "Is a directory".)
///
/// Every failure prints "pathing: cannot write FILE: REASON" (REASON: strerror of the failing
/// call, e.g. "File too large", "No space left on device") or "pathing: cannot rename TEMP to
/// FILE: REASON" on stderr and returns false. The destructor removes a temporary file that was
/// not committed.
class StagedFile {
 public:
  explicit StagedFile(std::string target);
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  /// Writes `text` as the whole content (call once). False (and a message) on failure.
  bool write(std::string_view text);
  /// Puts the written text in place of the target. False (and a message) on failure, with the
  /// target unchanged and the temporary file removed.
  bool commit();

  /// The target, as given.
  [[nodiscard]] const std::string& target() const noexcept { return target_; }

 private:
  std::string target_;    // as given (for messages)
  std::string resolved_;  // the file to replace: the target, or the file its symlink names
  std::string temp_;      // the temporary file; empty when none exists
  bool direct_ = false;   // written straight to a non-regular target
};

/// Writes `text` to `file` all or nothing (a StagedFile written and committed). False, with a
/// message on stderr naming the file and the reason, on failure; the file is then unchanged.
bool write_file(const std::string& file, std::string_view text);

}  // namespace pathing::cli
