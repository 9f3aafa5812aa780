// pathing: fast grid path-finding. MIT licensed.
//
// PathBatch: many independent queries across a pool of threads, one searcher per thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// One path query of a batch: from `from` to `to`, in cells.
struct PathQuery {
  GridCoord from;  ///< Start cell.
  GridCoord to;    ///< Goal cell.
};

/// Runs many independent queries (A* paths, distance fields, flow fields, or any per-item work)
/// across a fixed pool of threads (std::thread), each with its own searchers
/// (`PathBatch::Worker`), all reading one shared `const Grid&`. The calling thread works too: a
/// batch of N threads starts N - 1 threads, and `PathBatch(1)` runs everything on the caller.
///
/// Results land in caller-owned slots (result i for query i), so the output never depends on the
/// number of threads or on which thread ran which query: every query's result is a function of its
/// input alone (the searchers keep no state between queries that changes a result).
///
/// Scheduling: items are handed out one at a time from an atomic counter (dynamic, so long and
/// short queries mix well). Starting a batch costs one mutex/condition-variable round trip per
/// thread: batch at least tens of queries at once.
///
/// Errors: argument errors (mismatched span sizes, bad field sources, stale fields) are returned
/// as an `Error` (code `invalid_argument`, the message names the span, list or field) before any
/// work starts, leaving every slot unchanged; they never throw. If items throw while running (only
/// std::bad_alloc from the library; anything from user work in `run`), every other item still
/// runs, then the exception of the lowest-numbered failing item is rethrown: the same one whatever
/// the thread count (docs/errors.md).
///
/// Allocation: none once warm (searchers and slots keep their capacity; the pool allocates only in
/// its constructor). Thread-safety: one batch call at a time per PathBatch (calls from several
/// threads must be serialised by the caller; work items must not call back into the same batch).
/// The grid must not change while a call runs.
class PathBatch {
 public:
  /// The per-thread searchers. Work given to `run` receives the one of the thread running it.
  struct Worker {
    AStar astar;        ///< This thread's A* searcher.
    Dijkstra dijkstra;  ///< This thread's distance-field searcher.
  };

  /// A pool of `threads` threads in all (the caller included); 0 means
  /// std::thread::hardware_concurrency() (at least 1).
  /// @throws std::system_error when a thread cannot be started.
  explicit PathBatch(unsigned threads = 0)
      : count_(threads != 0
                   ? threads
                   : (std::thread::hardware_concurrency() != 0 ? std::thread::hardware_concurrency()
                                                               : 1u)),
        workers_(std::make_unique<Worker[]>(count_)) {
    pool_.reserve(count_ - 1);
#if PATHING_HAS_EXCEPTIONS
    try {
      for (unsigned id = 1; id < count_; ++id) pool_.emplace_back([this, id] { loop(id); });
    } catch (...) {
      stop_and_join();  // the threads started so far
      throw;
    }
#else
    for (unsigned id = 1; id < count_; ++id) pool_.emplace_back([this, id] { loop(id); });
#endif
  }

  PathBatch(const PathBatch&) = delete;
  PathBatch& operator=(const PathBatch&) = delete;

  /// Stops and joins the threads.
  ~PathBatch() {
    stop_and_join();
  }

  /// Threads in the pool, the caller included.
  [[nodiscard]] unsigned thread_count() const noexcept {
    return count_;
  }

  /// The searchers of thread `i` (0 = the calling thread), e.g. to reserve memory up front.
  [[nodiscard]] Worker& worker(unsigned i) noexcept {
    return workers_[i];
  }

  /// Calls `work(i, worker)` for every i in [0, n), spread over the pool; returns when all are
  /// done. `work` must be callable concurrently from several threads (with distinct `worker`s)
  /// and must only write to item i's own outputs for the result to be deterministic.
  template <class F>
  requires std::is_invocable_v<F&, std::size_t, Worker&>
  void run(std::size_t n, F&& work) {
    if (n == 0) return;
    auto trampoline = [](void* ctx, std::size_t i, Worker& w) {
      (*static_cast<std::remove_reference_t<F>*>(ctx))(i, w);
    };
    dispatch(n, trampoline, const_cast<void*>(static_cast<const void*>(std::addressof(work))));
  }

  /// `AStar::find_path` for every query: `results[i]` and `paths[i]` (cells, capacity reused) get
  /// query i's answer, exactly as a single AStar would give it.
  /// @return An `Error` with code `none`; or `invalid_argument` when `results` or `paths` has a
  ///         size other than `queries.size()` (the message names the span and both sizes; nothing
  ///         is written). Never throws for bad arguments (errors: see the class comment).
  [[nodiscard]] Error find_paths(const Grid& grid, const GridLayer& layer,
                                 std::span<const PathQuery> queries, std::span<PathResult> results,
                                 std::span<std::vector<GridCoord>> paths,
                                 const SearchOptions& options = {}) {
    Error e;
    if (!check_size("find_paths", "results", results.size(), queries.size(), &e) ||
        !check_size("find_paths", "paths", paths.size(), queries.size(), &e)) {
      return e;
    }
    run(queries.size(), [&](std::size_t i, Worker& w) {
      results[i] =
          w.astar.find_path(grid, layer, queries[i].from, queries[i].to, paths[i], options);
    });
    return e;
  }

  /// `Dijkstra::compute` for every source list: `fields[i]` gets the field of `sources[i]`, and
  /// `stats[i]` its statistics when `stats` is not empty.
  /// @return An `Error` with code `none`; or `invalid_argument` when `fields` (or a non-empty
  ///         `stats`) has a size other than `sources.size()`, or a source is off the grid or has
  ///         too large an initial cost (the message names the list and the source). Nothing is
  ///         written then. Never throws for bad arguments.
  [[nodiscard]] Error compute_fields(const Grid& grid, const GridLayer& layer,
                                     std::span<const std::span<const FieldSource>> sources,
                                     std::span<DistanceField> fields,
                                     const FieldOptions& options = {},
                                     std::span<FieldStats> stats = {}) {
    Error e;
    if (!check_size("compute_fields", "fields", fields.size(), sources.size(), &e)) return e;
    if (!stats.empty() &&
        !check_size("compute_fields", "stats", stats.size(), sources.size(), &e)) {
      return e;
    }
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const FieldStats bad = Dijkstra::check_sources(grid, sources[i]);
      if (bad.ok()) continue;
      const FieldSource& s = sources[i][bad.bad_source];
      detail::report(&e, ErrorCode::invalid_argument,
                     "pathing::PathBatch::compute_fields: list " + std::to_string(i) + ": source " +
                         std::to_string(bad.bad_source) + " at (" + std::to_string(s.cell.x) +
                         ", " + std::to_string(s.cell.y) + ") " +
                         (bad.status == SearchStatus::invalid_endpoint
                              ? "is outside the " + std::to_string(grid.cols()) + " x " +
                                    std::to_string(grid.rows()) + " grid"
                              : "has initial_cost " + std::to_string(s.initial_cost) +
                                    ", outside [0, 2^38] cost units"));
      return e;
    }
    run(sources.size(), [&](std::size_t i, Worker& w) {
      const FieldStats st = w.dijkstra.compute(grid, layer, sources[i], fields[i], options);
      if (!stats.empty()) stats[i] = st;
    });
    return e;
  }

  /// `FlowField::build` for every field: `flows[i]` from `fields[i]`.
  /// @return An `Error` with code `none`; or `invalid_argument` when the sizes differ, or a field
  ///         is stale: not current for `grid` and `layer` (`DistanceField::is_current`); the
  ///         message names the field. Nothing is written then. Never throws for bad arguments.
  [[nodiscard]] Error build_flows(const Grid& grid, const GridLayer& layer,
                                  std::span<const DistanceField> fields,
                                  std::span<FlowField> flows) {
    Error e;
    if (!check_size("build_flows", "flows", flows.size(), fields.size(), &e)) return e;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (!fields[i].is_current(grid, layer)) {
        detail::report(&e, ErrorCode::invalid_argument,
                       "pathing::PathBatch::build_flows: field " + std::to_string(i) +
                           " is stale: not computed on this grid at its current version with "
                           "this layer");
        return e;
      }
    }
    run(fields.size(),
        [&](std::size_t i, Worker&) { (void)flows[i].build(grid, layer, fields[i]); });
    return e;
  }

 private:
  using Fn = void (*)(void*, std::size_t, Worker&);

  // Wakes every pool thread with the stop flag set and joins it.
  void stop_and_join() noexcept {
    {
      const std::lock_guard lk(mutex_);
      stopping_ = true;
    }
    start_cv_.notify_all();
    for (auto& t : pool_) t.join();
    pool_.clear();
  }

  // True when the sizes match; else reports invalid_argument naming the span in `*e`.
  static bool check_size(const char* fn, const char* what, std::size_t got, std::size_t want,
                         Error* e) {
    if (got == want) return true;
    detail::report(e, ErrorCode::invalid_argument,
                   std::string("pathing::PathBatch::") + fn + ": " + what + " has " +
                       std::to_string(got) + " slots for " + std::to_string(want) + " items");
    return false;
  }

  // Runs items until the counter passes n; records the lowest failing item's exception.
  void drain(Worker& w) noexcept {
    for (;;) {
      const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
      if (i >= n_) return;
#if PATHING_HAS_EXCEPTIONS
      try {
        fn_(ctx_, i, w);
      } catch (...) {
        const std::lock_guard lk(mutex_);
        if (i < error_index_) {
          error_index_ = i;
          error_ = std::current_exception();
        }
      }
#else
      fn_(ctx_, i, w);
#endif
    }
  }

  void dispatch(std::size_t n, Fn fn, void* ctx) {
    {
      const std::lock_guard lk(mutex_);
      fn_ = fn;
      ctx_ = ctx;
      n_ = n;
      next_.store(0, std::memory_order_relaxed);
      error_index_ = static_cast<std::size_t>(-1);
      error_ = nullptr;
      busy_ = count_ - 1;
      ++epoch_;
    }
    start_cv_.notify_all();
    drain(workers_[0]);
    std::unique_lock lk(mutex_);
    done_cv_.wait(lk, [&] { return busy_ == 0; });
#if PATHING_HAS_EXCEPTIONS
    if (error_) {
      std::exception_ptr e = std::move(error_);
      error_ = nullptr;
      std::rethrow_exception(e);
    }
#endif
  }

  void loop(unsigned id) {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lk(mutex_);
        start_cv_.wait(lk, [&] { return stopping_ || epoch_ != seen; });
        if (stopping_) return;
        seen = epoch_;
      }
      drain(workers_[id]);
      {
        const std::lock_guard lk(mutex_);
        if (--busy_ == 0) done_cv_.notify_one();
      }
    }
  }

  unsigned count_;
  std::unique_ptr<Worker[]> workers_;

  std::mutex mutex_;
  std::condition_variable start_cv_;
  std::condition_variable done_cv_;
  bool stopping_ = false;    // set by the destructor (under mutex_)
  std::uint64_t epoch_ = 0;  // bumped by each batch (under mutex_)
  unsigned busy_ = 0;        // pool threads still draining the current batch (under mutex_)
  Fn fn_ = nullptr;          // the current batch (written under mutex_ before epoch_ moves)
  void* ctx_ = nullptr;
  std::size_t n_ = 0;
  std::atomic<std::size_t> next_{0};
  std::size_t error_index_ = static_cast<std::size_t>(-1);  // under mutex_
  std::exception_ptr error_;                                // under mutex_

  std::vector<std::thread> pool_;  // joined by the destructor
};

}  // namespace pathing
