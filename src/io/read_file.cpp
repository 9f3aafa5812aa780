// pathing: fast grid path-finding. MIT licensed.
//
// Reading the input files of pathing::io (see text_scan.hpp): regular files only, in chunks, with
// a cap on the size, and every failure reported with its reason (strerror) and the file's name.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "text_scan.hpp"

#if defined(_WIN32)
#include <cwchar>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#endif

namespace pathing::io::detail {

namespace {

/// The reason for `err` (an errno value), as strerror words it.
std::string reason(int err) {
  return err != 0 ? std::strerror(err) : "unknown error";
}

/// "is not a regular file (a FIFO)" for the kind of file that is not a regular file.
std::string not_regular(const char* kind) {
  return std::string("is not a regular file (") + kind + "): only regular files are read";
}

}  // namespace

#if defined(_WIN32)

// Portable fallback (MinGW-w64, MSVC): look at the file's type first, then read it with stdio.
// Windows has no FIFO that `fopen` would block on; the check can race with a rename (TOCTOU),
// which at worst reads a file of another type.
InputFile::InputFile(const std::filesystem::path& file) : name_(file.string()) {
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(file, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st)) {
    const char* kind = "not a file";
    switch (st.type()) {
      case std::filesystem::file_type::directory:
        kind = "a directory";
        break;
      case std::filesystem::file_type::fifo:
        kind = "a FIFO";
        break;
      case std::filesystem::file_type::character:
        kind = "a character device";
        break;
      case std::filesystem::file_type::block:
        kind = "a block device";
        break;
      case std::filesystem::file_type::socket:
        kind = "a socket";
        break;
      default:
        break;
    }
    throw ParseError(name_, 0, 0, not_regular(kind));
  }
  errno = 0;
  FILE* f = _wfopen(file.c_str(), L"rb");
  if (f == nullptr) {
    const int err = errno;
    throw ParseError(name_, 0, 0, "cannot open the file: " + reason(err));
  }
  handle_ = f;
}

InputFile::~InputFile() {
  if (handle_ != nullptr) std::fclose(static_cast<FILE*>(handle_));
}

std::size_t InputFile::read_some(std::string& out, std::size_t max) {
  const std::size_t old = out.size();
  out.resize(old + max);
  errno = 0;
  FILE* f = static_cast<FILE*>(handle_);
  const std::size_t n = std::fread(out.data() + old, 1, max, f);
  const int err = errno;
  out.resize(old + n);
  if (n == 0 && std::ferror(f) != 0) {
    throw ParseError(name_, 0, 0, "cannot read the file: " + reason(err));
  }
  return n;
}

#else

// POSIX: open without blocking (a FIFO with no writer would block a plain open forever), then
// refuse anything but a regular file before reading a byte.
InputFile::InputFile(const std::filesystem::path& file) : name_(file.string()) {
  int fd = -1;
  do {
    fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    const int err = errno;
    throw ParseError(name_, 0, 0, "cannot open the file: " + reason(err));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    throw ParseError(name_, 0, 0, "cannot read the file: " + reason(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    const char* kind = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISFIFO(st.st_mode) ? "a FIFO"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "not a file";
    throw ParseError(name_, 0, 0, not_regular(kind));
  }
  // Regular files never block; clear O_NONBLOCK anyway so reads behave as usual (a failure here
  // is harmless: the flag has no effect on regular files).
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) static_cast<void>(::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK));
  fd_ = fd;
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t InputFile::read_some(std::string& out, std::size_t max) {
  const std::size_t old = out.size();
  out.resize(old + max);
  ssize_t n = 0;
  do {
    n = ::read(fd_, out.data() + old, max);
  } while (n < 0 && errno == EINTR);
  if (n < 0) {
    const int err = errno;
    out.resize(old);
    throw ParseError(name_, 0, 0, "cannot read the file: " + reason(err));
  }
  out.resize(old + static_cast<std::size_t>(n));
  return static_cast<std::size_t>(n);
}

#endif

bool read_until(InputFile& in, std::string& text, std::uint64_t limit, bool& nul) {
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  while (!nul && text.size() < limit) {
    const std::uint64_t room = limit - text.size();
    const std::size_t want = room < kChunk ? static_cast<std::size_t>(room) : kChunk;
    const std::size_t old = text.size();
    if (in.read_some(text, want) == 0) return true;
    nul = std::memchr(text.data() + old, '\0', text.size() - old) != nullptr;
  }
  return false;
}

std::string read_file(const std::filesystem::path& file, std::uint64_t max_bytes,
                      const char* what) {
  InputFile in(file);
  std::string text;
  bool nul = false;
  // One byte past the limit tells a file of exactly `max_bytes` from a longer one.
  const bool at_end = read_until(in, text, max_bytes + 1, nul);
  if (!at_end && !nul) {
    text.resize(static_cast<std::size_t>(max_bytes));
    throw_too_long(text, file.string(), max_bytes, what);
  }
  return text;
}

void throw_too_long(std::string_view text, const std::string& name, std::uint64_t max_bytes,
                    const std::string& what) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  throw ParseError(
      name, line, static_cast<int>(text.size() - line_start) + 1,
      "the file goes on past " + std::to_string(max_bytes) + " bytes, the limit " + what);
}

}  // namespace pathing::io::detail
