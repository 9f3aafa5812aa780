// Helpers of the fuzz targets: a failed check prints what went wrong and aborts (libFuzzer then
// saves the input; the corpus replay test dies with the message), and a reader that turns the
// fuzzer's bytes into values (zeros once the bytes run out).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace pathing::fuzz {

/// Prints `what` and aborts: a defect found by a fuzz target.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

/// Aborts with `what` unless `ok`.
inline void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

/// Consumes the fuzzer's bytes front to back; reads past the end give zeros.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}

  std::uint8_t u8() noexcept { return pos_ < size_ ? data_[pos_++] : std::uint8_t{0}; }
  std::uint16_t u16() noexcept {
    const std::uint16_t lo = u8();
    return static_cast<std::uint16_t>(lo | (u8() << 8));
  }
  std::uint32_t u32() noexcept {
    const std::uint32_t lo = u16();
    return lo | (static_cast<std::uint32_t>(u16()) << 16);
  }
  std::int32_t i32() noexcept {
    const std::uint32_t u = u32();
    std::int32_t v;
    std::memcpy(&v, &u, sizeof v);
    return v;
  }
  double f64() noexcept {
    const std::uint64_t u = u32() | (static_cast<std::uint64_t>(u32()) << 32);
    double v;
    std::memcpy(&v, &u, sizeof v);
    return v;
  }
  /// Fills `out` with the next bytes (zeros past the end).
  template <std::size_t N>
  void fill(std::array<std::uint8_t, N>& out) noexcept {
    out.fill(0);
    const std::size_t n = remaining() < N ? remaining() : N;
    if (n > 0) std::memcpy(out.data(), data_ + pos_, n);
    pos_ += n;
  }
  [[nodiscard]] std::size_t remaining() const noexcept { return pos_ < size_ ? size_ - pos_ : 0; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace pathing::fuzz
