//===- Exchange.h - Inputs shared with a search outside the engine --------===//
//
// A native fuzzer runs beside the symbolic search. Both speak in input
// streams: the bytes a run consumes in order, first the entry's parameters
// (each its chosen bytes, chosenBytes in program/Program.h: its whole byte
// array but a string's final NUL, in parameter order), then each input
// the program creates (__VERIFIER_nondet_*, klee_make_symbolic, ...) in
// the order it asks for them. Past the end a stream reads zeros.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_EXCHANGE_H
#define THESEUS_EXPLORE_EXCHANGE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace theseus {

/// An input the program created in a native run, named and typed as the
/// engine names and types it (exec/Harness.cpp).
struct NativeInput {
  std::string Name;
  std::string CType;
  bool Signed = false;
  std::vector<uint8_t> Bytes;
};

/// The error a native run ended in, where the program called the error
/// function (as its debug information says), and the inputs it created on
/// the way: what a test of it needs without the engine running it.
struct NativeError {
  std::string Kind;    ///< A bug kind of the engine's: "reach-error", ...
  std::string Message; ///< In the engine's words.
  std::string File;
  unsigned Line = 0;
  std::string Function;
  std::vector<NativeInput> Created; ///< In creation order.
};

/// An input found by the other search.
struct ExchangedInput {
  std::vector<uint8_t> Bytes;
  /// The program crashed on it natively (the other search's error): the
  /// engine runs it without the instruction limit, so that a long run
  /// still reaches the error, unless the native run was recorded.
  bool Crashed = false;
  std::string Origin; ///< For the test: e.g. "fuzzer".
  /// The crash as a native run recorded it: the engine writes its test
  /// from that at once, and runs the input under the instruction limit.
  std::optional<NativeError> Native;
};

/// The other search, seen from a driver.
class InputExchange {
public:
  virtual ~InputExchange();
  /// Inputs found since the last call; never blocks.
  virtual std::vector<ExchangedInput> take() = 0;
  /// An input the symbolic search found for a new path.
  virtual void offer(const std::vector<uint8_t> &Bytes) = 0;
  /// More inputs may still come.
  virtual bool running() = 0;
  /// Whether an input the other search saved for an error waits for
  /// take(); cheaper than take(), to be asked now and then during a run.
  virtual bool errorWaiting() { return false; }
  /// The search ended; `Exhausted`: it ran every feasible path, so nothing
  /// the other search finds could add one. Either way nothing takes the
  /// other search's inputs any more.
  virtual void searchEnded(bool Exhausted) = 0;
};

/// Reads a stream from its start, zeros past its end.
class InputStream {
public:
  explicit InputStream(const std::vector<uint8_t> &Bytes) : Bytes(Bytes) {}
  std::vector<uint8_t> take(size_t N) {
    std::vector<uint8_t> Out(N, 0);
    for (size_t I = 0; I < N && Pos + I < Bytes.size(); ++I)
      Out[I] = Bytes[Pos + I];
    Pos += N;
    return Out;
  }

private:
  const std::vector<uint8_t> &Bytes;
  size_t Pos = 0;
};

} // namespace theseus

#endif
