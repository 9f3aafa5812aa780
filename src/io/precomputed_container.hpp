// pathing: fast grid path-finding. MIT licensed.
//
// The container every precomputed file shares
// (include/pathing/io/precomputed.hpp has the layout): the header, the
// checksum, their checks with errors at byte offsets, and the readers and
// writers of little-endian fields. Internal to pathing_io; each structure's
// payload is written and read by its own `save_payload` / `load_payload`
// (src/io/*_io.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "pathing/detail/payload_fwd.hpp"
#include "pathing/error.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::io::detail {

/// Offsets of the header's fields, in bytes from the start of the file.
inline constexpr std::size_t kVersionAt = 8;
inline constexpr std::size_t kKindAt = 12;         ///< See `kVersionAt`.
inline constexpr std::size_t kColsAt = 20;         ///< See `kVersionAt`.
inline constexpr std::size_t kRowsAt = 24;         ///< See `kVersionAt`.
inline constexpr std::size_t kHashAt = 28;         ///< See `kVersionAt`.
inline constexpr std::size_t kLayerAt = 36;        ///< See `kVersionAt`.
inline constexpr std::size_t kPayloadSizeAt = 52;  ///< See `kVersionAt`.
/// The smallest file: a header and a checksum around an empty payload.
inline constexpr std::size_t kMinFile = kPrecomputedHeaderBytes + kPrecomputedChecksumBytes;
/// FNV-1a 64's offset basis and prime (the checksum and `grid_hash`).
inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
inline constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;  ///< See `kFnvOffset`.

/// A little-endian cursor over bytes whose bounds the caller has checked (no
/// check here): each read returns the field at the position and moves past it.
/// O(1) a field; never throws.
class Reader {
 public:
  /// A cursor at byte `pos` of `bytes`.
  Reader(std::string_view bytes, std::size_t pos) noexcept : bytes_(bytes), pos_(pos) {}
  /// The byte at the position.
  std::uint8_t u8() noexcept { return static_cast<std::uint8_t>(bytes_[pos_++]); }
  /// The little-endian 16-bit field at the position.
  std::uint16_t u16() noexcept {
    const std::uint16_t lo = u8();
    return static_cast<std::uint16_t>(lo | (u8() << 8));
  }
  /// The little-endian 32-bit field at the position.
  std::uint32_t u32() noexcept {
    const std::uint32_t lo = u16();
    return lo | (std::uint32_t{u16()} << 16);
  }
  /// The little-endian 64-bit field at the position.
  std::uint64_t u64() noexcept {
    const std::uint64_t lo = u32();
    return lo | (std::uint64_t{u32()} << 32);
  }
  /// The position, in bytes from the start.
  [[nodiscard]] std::size_t pos() const noexcept { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_;
};

/// A precomputed file being written: the constructor writes the header (format
/// version 1 and a payload size patched by `finish`), the structure's
/// `save_payload` appends its fields, and `finish` completes the header and
/// appends the checksum. Fields are little-endian, byte by byte, so the bytes
/// are the same on every platform. Appending is amortised O(1) a byte;
/// allocation failures throw std::bad_alloc.
class PayloadWriter {
 public:
  /// Starts a file of `kind` for `grid` (its size and `grid_hash`) under
  /// `layer`.
  PayloadWriter(PrecomputedKind kind, const Grid& grid, const GridLayer& layer);

  /// Appends one byte.
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  /// Appends a 16-bit field, low byte first.
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v & 0xFFu));
    u8(static_cast<std::uint8_t>(v >> 8));
  }
  /// Appends a 32-bit field, low half first.
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v & 0xFFFFu));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  /// Appends a 64-bit field, low half first.
  void u64(std::uint64_t v) {
    u32(static_cast<std::uint32_t>(v & 0xFFFFFFFFu));
    u32(static_cast<std::uint32_t>(v >> 32));
  }
  /// Reserves room for a payload of `bytes` bytes (a capacity hint; what is
  /// written decides).
  void reserve_payload(std::uint64_t bytes);
  /// Sets the header's format version (1 unless the payload needs more: see
  /// `kPrecomputedFormatVersion`); in [1, kPrecomputedFormatVersion].
  void set_version(std::uint32_t version) noexcept { version_ = version; }
  /// The whole file: the header with the version and the payload's size, the
  /// payload, the checksum (FNV-1a 64 of everything before it). O(file). The
  /// writer is spent afterwards.
  [[nodiscard]] std::string finish() &&;

 private:
  std::string out_;
  std::uint32_t version_ = 1;
};

/// The payload of a file whose container `open_payload` checked: the file's
/// bytes (the payload starts at `kPrecomputedHeaderBytes`, `size()` bytes long,
/// the checksum after it), its name for the errors and its format version. A
/// structure's `load_payload` reads its fields with `at` and reports bad ones
/// with `bad_payload`. Holds views: the bytes and name must outlive it.
class PayloadReader {
 public:
  /// The payload of `bytes` (already checked: `size` bytes from the header's
  /// end), format `version`, named `name` in errors.
  PayloadReader(std::string_view bytes, std::size_t size, std::uint32_t version,
                const std::string& name) noexcept
      : bytes_(bytes), size_(size), version_(version), name_(&name) {}
  /// The whole file.
  [[nodiscard]] std::string_view bytes() const noexcept { return bytes_; }
  /// The payload's size in bytes (the header's, checked against the file's).
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  /// The file's format version (1 to `kPrecomputedFormatVersion`).
  [[nodiscard]] std::uint32_t version() const noexcept { return version_; }
  /// The name errors give the file.
  [[nodiscard]] const std::string& name() const noexcept { return *name_; }
  /// A cursor at byte `offset` of the file (the caller keeps its reads inside
  /// the payload).
  [[nodiscard]] Reader at(std::size_t offset) const noexcept { return Reader(bytes_, offset); }

 private:
  std::string_view bytes_;
  std::size_t size_;
  std::uint32_t version_;
  const std::string* name_;
};

/// FNV-1a 64 of `bytes`, continuing from `h`. O(bytes).
[[nodiscard]] std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnvOffset) noexcept;

/// `v` as "0x" and 16 lower-case hex digits.
[[nodiscard]] std::string hex64(std::uint64_t v);

/// "(x, y)", the way errors name a cell.
[[nodiscard]] std::string cell_text(int x, int y);

/// Checks a file's magic and format version (1 to `kPrecomputedFormatVersion`;
/// `*version_out` gets it when not null) and returns its kind field, unchecked.
/// O(1).
/// @throws PrecomputedError: bad magic (byte 0), shorter than `kMinFile` (the
/// whole file), or an
///   unknown version (byte 8).
std::uint32_t check_prefix(std::string_view bytes, const std::string& name,
                           std::uint32_t* version_out = nullptr);

/// Checks a file's container for a structure of kind `want` on `grid` under
/// `layer` (the prefix, the payload size against the file's, the checksum, the
/// kind, a version other than 1 only for hierarchies, the grid's size and hash,
/// the layer) and returns its payload. O(file).
/// @throws PrecomputedError naming the offending field's byte, or the whole
/// file for a size.
PayloadReader open_payload(std::string_view bytes, PrecomputedKind want, const Grid& grid,
                           const GridLayer& layer, const std::string& name);

/// Throws the error of a payload field at byte `at` holding a value the
/// structure cannot hold: "payload values out of range: " and `what`.
[[noreturn]] void bad_payload(const std::string& name, std::size_t at, const std::string& what);

/// The bytes of `file`, at most `max_bytes` of them (`what` says what that
/// bound is, for the error). O(file). @throws PrecomputedError:
/// `ErrorCode::io_error` when the file cannot be opened
///   or read, `parse_error` when it goes on past `max_bytes`.
std::string read_whole(const std::filesystem::path& file, std::uint64_t max_bytes,
                       const std::string& what);

/// Runs `f()` and returns true, or, when it throws, reports the exception
/// through `error` (when not null: `PrecomputedError`'s code, `out_of_memory`
/// for std::bad_alloc, `invalid_argument` for anything else) and returns false.
/// The core of the `try_` functions.
template <class F>
bool guarded(Error* error, F&& f) noexcept {
  try {
    f();
    return true;
  } catch (const PrecomputedError& e) {
    pathing::detail::report(error, e.code(), e.what());
  } catch (const std::bad_alloc&) {
    pathing::detail::report(error, ErrorCode::out_of_memory, "pathing::io: out of memory");
  } catch (const std::exception& e) {
    pathing::detail::report(error, ErrorCode::invalid_argument, e.what());
  } catch (...) {
    pathing::detail::report(error, ErrorCode::invalid_argument, "pathing::io: unknown error");
  }
  return false;
}

/// `guarded` for a function that returns a `T`: its value, or nothing when it
/// threw.
template <class T, class F>
std::optional<T> guarded_value(Error* error, F&& f) noexcept {
  std::optional<T> out;
  if (!guarded(error, [&] { out.emplace(f()); })) out.reset();
  return out;
}

}  // namespace pathing::io::detail
