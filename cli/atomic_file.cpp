// pathing: fast grid path-finding. MIT licensed.
#include "atomic_file.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <system_error>
#include <utility>

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace pathing::cli {

namespace {

namespace fs = std::filesystem;

std::string reason(int err) {
  return err != 0 ? std::strerror(err) : "unknown error";
}

bool fail_write(const std::string& file, int err) {
  fmt::print(stderr, "pathing: cannot write {}: {}\n", file, reason(err));
  return false;
}

/// Writes `text` to `f`, flushes and closes it (always). Returns true when every step succeeded;
/// else false with `err` set to the errno of the first step that failed (0 if it set none).
bool write_and_close(std::FILE* f, std::string_view text, int& err) {
  errno = 0;
  const std::size_t n = std::fwrite(text.data(), 1, text.size(), f);
  err = errno;
  bool ok = n == text.size();
  if (ok) {
    errno = 0;
    ok = std::fflush(f) == 0;
    err = errno;
  }
  errno = 0;
  const bool closed = std::fclose(f) == 0;
  if (ok && !closed) err = errno;
  return ok && closed;
}

/// Writes `text` to an existing non-regular file (a device, a FIFO) with stdio.
bool write_directly(const std::string& target, const std::string& file, std::string_view text) {
  errno = 0;
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) return fail_write(target, errno);
  int err = 0;
  if (!write_and_close(f, text, err)) return fail_write(target, err);
  return true;
}

/// A name for a temporary file in `dir`: ".pathing-XXXXXXXX.tmp" (short, so that a target name
/// of up to NAME_MAX bytes does not make it too long).
std::string temp_name(const fs::path& dir) {
  static std::mt19937 rng{std::random_device{}()};
  const std::string name = fmt::format(".pathing-{:08x}.tmp", rng());
  return (dir / name).string();
}

}  // namespace

StagedFile::StagedFile(std::string target) : target_(std::move(target)) {}

StagedFile::~StagedFile() {
  if (!temp_.empty()) std::remove(temp_.c_str());
}

#if defined(_WIN32)

// Portable fallback (MinGW-w64, MSVC): the temporary name is checked to be free, then opened
// with stdio (a race with another process creating the same random name is possible), and
// replaced with std::filesystem::rename (MoveFileEx, MOVEFILE_REPLACE_EXISTING).
bool StagedFile::write(std::string_view text) {
  std::error_code ec;
  resolved_ = target_;
  if (fs::is_symlink(fs::symlink_status(target_, ec))) {
    const fs::path to = fs::weakly_canonical(target_, ec);
    if (!ec) resolved_ = to.string();
  }
  const fs::file_status st = fs::status(resolved_, ec);
  if (!ec && fs::exists(st) && !fs::is_regular_file(st)) {
    direct_ = true;
    return write_directly(target_, resolved_, text);
  }
  const fs::path dir = fs::path(resolved_).parent_path();
  std::string temp;
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp = temp_name(dir.empty() ? fs::path(".") : dir);
    if (!fs::exists(temp, ec)) break;
  }
  errno = 0;
  std::FILE* f = std::fopen(temp.c_str(), "wb");
  if (f == nullptr) return fail_write(target_, errno);
  temp_ = temp;
  int err = 0;
  if (!write_and_close(f, text, err)) {
    std::remove(temp_.c_str());
    temp_.clear();
    return fail_write(target_, err);
  }
  return true;
}

bool StagedFile::commit() {
  if (direct_) return true;
  if (temp_.empty()) return false;  // not written, or the write failed (already reported)
  std::error_code ec;
  fs::rename(temp_, resolved_, ec);
  if (ec) {
    fmt::print(stderr, "pathing: cannot rename {} to {}: {}\n", temp_, target_, ec.message());
    std::remove(temp_.c_str());
    temp_.clear();
    return false;
  }
  temp_.clear();
  return true;
}

#else

// POSIX: the temporary file is created with O_EXCL (never an existing file), its permission bits
// are those of the target when the target exists (else 0666 less the umask, as fopen's), its
// data reaches the disk (fsync) before the rename, and rename(2) replaces the target atomically.
bool StagedFile::write(std::string_view text) {
  std::error_code ec;
  resolved_ = target_;
  if (fs::is_symlink(fs::symlink_status(target_, ec))) {
    const fs::path to = fs::weakly_canonical(target_, ec);
    if (!ec) resolved_ = to.string();
  }
  struct stat st {};
  const bool exists = ::stat(resolved_.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    direct_ = true;
    return write_directly(target_, resolved_, text);
  }
  const fs::path dir = fs::path(resolved_).parent_path();
  int fd = -1;
  std::string temp;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = temp_name(dir.empty() ? fs::path(".") : dir);
    do {
      fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return fail_write(target_, errno);
  temp_ = temp;
  if (exists) static_cast<void>(::fchmod(fd, st.st_mode & 07777));  // best effort
  int err = 0;
  std::size_t done = 0;
  while (done < text.size() && err == 0) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno != EINTR) err = errno;
    } else {
      done += static_cast<std::size_t>(n);
    }
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    ::unlink(temp_.c_str());
    temp_.clear();
    return fail_write(target_, err);
  }
  return true;
}

bool StagedFile::commit() {
  if (direct_) return true;
  if (temp_.empty()) return false;  // not written, or the write failed (already reported)
  if (std::rename(temp_.c_str(), resolved_.c_str()) != 0) {
    const int err = errno;
    fmt::print(stderr, "pathing: cannot rename {} to {}: {}\n", temp_, target_, reason(err));
    ::unlink(temp_.c_str());
    temp_.clear();
    return false;
  }
  temp_.clear();
  return true;
}

#endif

bool write_file(const std::string& file, std::string_view text) {
  StagedFile out(file);
  return out.write(text) && out.commit();
}

}  // namespace pathing::cli
