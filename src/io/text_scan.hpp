// pathing: fast grid path-finding. MIT licensed.
//
// Private helpers of pathing::io: reading a text line by line with line and column numbers,
// splitting a line into fields, and parsing numbers with ParseError messages. Not installed.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "pathing/io/movingai.hpp"

namespace pathing::io::detail {

/// One line of a text: its characters without the '\n' (and without one trailing '\r', so CRLF
/// files read like LF files) and its number, from 1.
struct Line {
  std::string_view text;
  int number = 0;
};

/// Yields the lines of a text in order. A final line without '\n' is a line; the empty rest
/// after a final '\n' is not. O(1) a character.
class LineReader {
 public:
  explicit LineReader(std::string_view text) noexcept : text_(text) {}

  /// Stores the next line in `line` and returns true, or returns false at the end of the text.
  bool next(Line& line) noexcept {
    if (pos_ >= text_.size()) return false;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view s = text_.substr(pos_, end - pos_);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    line = Line{s, number_};
    return true;
  }

  /// Number of the last line returned (0 before the first).
  [[nodiscard]] int number() const noexcept { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

/// True for a line of spaces, tabs (and nothing else, after the '\r' strip).
[[nodiscard]] inline bool is_blank(std::string_view s) noexcept {
  return s.find_first_not_of(" \t") == std::string_view::npos;
}

/// A field of a line: its text and its column, from 1.
struct Field {
  std::string_view text;
  int column = 0;
};

/// Splits `s` at runs of spaces and tabs into `out` (cleared first).
inline void split_fields(std::string_view s, std::vector<Field>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (i >= s.size()) break;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    out.push_back(Field{s.substr(start, i - start), static_cast<int>(start) + 1});
  }
}

/// A value quoted for an error message: 'text', cut to 40 characters, non-printable bytes as \xNN.
[[nodiscard]] inline std::string quote(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  const std::size_t n = s.size() > 40 ? 40 : s.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  if (s.size() > n) out += "...";
  out += '\'';
  return out;
}

/// Throws a ParseError at the first NUL byte of `text`, if any (a binary file, or a corrupt one).
inline void reject_nul(std::string_view text, const std::string& name) {
  const std::size_t p = text.find('\0');
  if (p == std::string_view::npos) return;
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < p; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  throw ParseError(name, line, static_cast<int>(p - line_start) + 1,
                   "NUL byte in a text file (binary or corrupt file?)");
}

/// Parses a whole field as a decimal integer in [lo, hi] (digits only, an optional leading '-').
/// @throws ParseError at the field's column naming `what` and the value.
[[nodiscard]] inline std::int64_t parse_integer(const Field& f, const std::string& name, int line,
                                                std::string_view what, std::int64_t lo,
                                                std::int64_t hi) {
  const char* b = f.text.data();
  const char* e = b + f.text.size();
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(b, e, v);
  const bool digits_only = !f.text.empty() && f.text.front() != '+';
  if (!digits_only || (ec != std::errc{} && ec != std::errc::result_out_of_range) || ptr != e) {
    throw ParseError(
        name, line, f.column,
        "bad " + std::string(what) + " " + quote(f.text) + ": expected a whole number");
  }
  if (ec == std::errc::result_out_of_range || v < lo || v > hi) {
    throw ParseError(name, line, f.column,
                     std::string(what) + " " + quote(f.text) + " is outside [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

/// An input file open for reading: a regular file, never anything else (issue #19 D8).
///
/// POSIX: opened with O_NONBLOCK, so a FIFO without a writer does not block the open, then
/// refused unless fstat says it is a regular file. Elsewhere (Windows): refused when
/// std::filesystem::status says it exists and is not a regular file, then opened with stdio.
class InputFile {
 public:
  /// Opens `file`. @throws ParseError(file, 0, 0, ...) "cannot open the file: REASON" (strerror)
  /// or "is not a regular file (a FIFO): only regular files are read" (a directory, a character
  /// device, a block device, a socket).
  explicit InputFile(const std::filesystem::path& file);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Appends up to `max` (> 0) bytes to `out` and returns how many; 0 at the end of the file.
  /// @throws ParseError(file, 0, 0, "cannot read the file: REASON") on a read error (EIO, ...),
  ///         with `out` as it was before the call.
  std::size_t read_some(std::string& out, std::size_t max);

 private:
  std::string name_;
#if defined(_WIN32)
  void* handle_ = nullptr;  // FILE*
#else
  int fd_ = -1;
#endif
};

/// Reads from `in` onto `text` until the end of the file (returns true), or until `text` holds
/// `limit` bytes or a chunk read holds a NUL byte (sets `nul`; the parsers report the first NUL,
/// which is then in `text`), returning false. Reads 64 KiB at a time. @throws as read_some.
bool read_until(InputFile& in, std::string& text, std::uint64_t limit, bool& nul);

/// Throws ParseError at the position just after `text` (the first `max_bytes` bytes of a longer
/// file): "the file goes on past MAX bytes, the limit WHAT".
[[noreturn]] void throw_too_long(std::string_view text, const std::string& name,
                                 std::uint64_t max_bytes, const std::string& what);

/// Reads a whole regular file of at most `max_bytes` bytes (reading stops at the first chunk
/// holding a NUL byte: the parser reports it). @throws ParseError as InputFile and read_some, or
/// via throw_too_long (`what` says whose limit it is, e.g. "for a scenario file") when the file
/// is longer.
[[nodiscard]] std::string read_file(const std::filesystem::path& file, std::uint64_t max_bytes,
                                    const char* what);

}  // namespace pathing::io::detail
