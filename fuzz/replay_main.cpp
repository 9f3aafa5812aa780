// Replays a fuzz target's checked-in corpus as ordinary unit tests (the way {fmt} and
// unordered_dense run theirs): the target's LLVMFuzzerTestOneInput is linked into this gtest
// program, which registers one test per file of the corpus directory and feeds it the file.
// Built in every configuration (g++ or clang, no libFuzzer needed).
//
// Usage: fuzz_replay_<target> [corpus-dir] [gtest flags]; the directory defaults to the
// compile-time PATHING_FUZZ_CORPUS (tests/fuzz/corpus/<target>).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

class ReplayTest : public ::testing::Test {
 public:
  explicit ReplayTest(fs::path file) : file_(std::move(file)) {}
  void TestBody() override {
    std::ifstream in(file_, std::ios::binary);
    ASSERT_TRUE(in) << "cannot read " << file_;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    // A copy of exactly the file's size, so that ASan sees any read past its end.
    std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
    const auto* p = data.empty() ? nullptr : data.data();
    EXPECT_EQ(LLVMFuzzerTestOneInput(p, data.size()), 0);
  }

 private:
  fs::path file_;
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const fs::path dir = argc > 1 ? fs::path(argv[1]) : fs::path(PATHING_FUZZ_CORPUS);
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  const std::string suite = "Corpus_" + dir.filename().string();
  ::testing::RegisterTest(suite.c_str(), "NotEmpty", nullptr, nullptr, __FILE__, __LINE__,
                          [dir, n = files.size()]() -> ::testing::Test* {
                            struct NotEmpty : ::testing::Test {
                              fs::path d;
                              std::size_t count;
                              NotEmpty(fs::path p, std::size_t c) : d(std::move(p)), count(c) {}
                              void TestBody() override {
                                EXPECT_GT(count, 0u) << "no corpus files in " << d;
                              }
                            };
                            return new NotEmpty(dir, n);
                          });
  for (const fs::path& f : files) {
    ::testing::RegisterTest(suite.c_str(), f.filename().string().c_str(), nullptr,
                            f.string().c_str(), __FILE__, __LINE__,
                            [f]() -> ::testing::Test* { return new ReplayTest(f); });
  }
  return RUN_ALL_TESTS();
}
