// pathing: fast grid path-finding. MIT licensed.
//
// Packed 4-bit cell values to passability bits, for the bit-parallel BFS's passable rows.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace pathing::detail {

/// Turns 16 packed 4-bit cell values (cell i in bits 4i..4i+3, as `Grid` stores a row) into
/// passability bits, with word-wide bit operations (SWAR) and no table: `hits` sets bit 4i when
/// cell i's value is in the passable set, `gather` packs bits 0, 4, ..., 60 into bits 0..15. Both
/// work lane by lane on a word or a vector of words. Common passable sets (everything, unblocked
/// cells of any tag, unblocked tag 0 only) take 1 to 7 operations a word before the packing;
/// others compare against each value of the smaller of the set and its complement.
class NibbleClassifier {
 public:
  /// How a passable set is tested.
  enum class Kind : std::uint8_t { all, unblocked, zero, values };

  /// The classifier of a set of cell values (bit v = value v).
  explicit NibbleClassifier(std::uint16_t passable) noexcept {
    for (unsigned v = 0; v < 16; ++v) {
      lookup_[v] = ((passable >> v) & 1u) != 0 ? std::uint8_t{0xFF} : std::uint8_t{0};
    }
    if (passable == 0xFFFF) {
      kind_ = Kind::all;
    } else if (passable == 0x00FF) {
      kind_ = Kind::unblocked;
    } else if (passable == 0x0001) {
      kind_ = Kind::zero;
    } else {
      const int n = std::popcount(passable);
      invert_ = n > 8;
      const std::uint16_t set = invert_ ? static_cast<std::uint16_t>(~passable) : passable;
      for (unsigned v = 0; v < 16; ++v) {
        if ((set >> v) & 1u) values_[static_cast<std::size_t>(count_++)] = kOnes * v;
      }
      kind_ = Kind::values;
    }
  }

  /// The test in use.
  [[nodiscard]] Kind kind() const noexcept { return kind_; }

  /// 16 bytes, byte v = 0xFF when value v is passable, else 0: a table for a byte shuffle
  /// (`pshufb`) that classifies 16 or 32 nibbles at once.
  [[nodiscard]] const std::uint8_t* lookup() const noexcept { return lookup_.data(); }

  /// Replaces each lane of `w` by its hits: bit 4i set when cell i of that lane is passable
  /// (test K, which must be `kind()`), other bits clear. (In place: a 32-byte vector passed by
  /// value would change the ABI without AVX.)
  template <Kind K, class V>
  void to_hits(V& w) const noexcept {
    if constexpr (K == Kind::all) {
      w = (w & 0) | kOnes;
    } else if constexpr (K == Kind::unblocked) {
      w = ~(w >> 3) & kOnes;
    } else if constexpr (K == Kind::zero) {
      w = ~(w | (w >> 1) | (w >> 2) | (w >> 3)) & kOnes;
    } else {
      V any = w & 0;
      for (int i = 0; i < count_; ++i) {
        const V e = ~(w ^ values_[static_cast<std::size_t>(i)]);  // 1111 where cell == value
        any |= e & (e >> 1) & (e >> 2) & (e >> 3);
      }
      w = (invert_ ? ~any : any) & kOnes;
    }
  }

  /// Packs bits 0, 4, 8, ..., 60 of each lane into its bits 0..15 (in place).
  template <class V>
  static void gather(V& hit) noexcept {
    hit = (hit | (hit >> 3)) & 0x0303030303030303ull;
    hit = (hit | (hit >> 6)) & 0x000F000F000F000Full;
    hit = (hit | (hit >> 12)) & 0x000000FF000000FFull;
    hit = (hit | (hit >> 24)) & 0xFFFFull;
  }

  /// The 16 passability bits of the 16 cells in `w`.
  [[nodiscard]] std::uint32_t operator()(std::uint64_t w) const noexcept {
    switch (kind_) {
      case Kind::all:
        to_hits<Kind::all>(w);
        break;
      case Kind::unblocked:
        to_hits<Kind::unblocked>(w);
        break;
      case Kind::zero:
        to_hits<Kind::zero>(w);
        break;
      case Kind::values:
        to_hits<Kind::values>(w);
        break;
    }
    gather(w);
    return static_cast<std::uint32_t>(w);
  }

 private:
  static constexpr std::uint64_t kOnes = 0x1111111111111111ull;
  std::array<std::uint64_t, 8> values_{};
  std::array<std::uint8_t, 16> lookup_{};
  int count_ = 0;
  bool invert_ = false;
  Kind kind_ = Kind::values;
};

}  // namespace pathing::detail
