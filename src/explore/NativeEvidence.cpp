//===- NativeEvidence.cpp - Tests of errors a native run reached ----------===//
//
// The fuzzer reaches some errors only natively: after hundreds of millions
// of loop iterations, say, which the interpreter does not run in the
// budget. Its recorded run (Exchange.h's NativeError) is the evidence: the
// test is written from it at once, the listener replays it natively as it
// replays every bug's test, and the engine runs the input afterwards under
// its instruction limit like any input of the fuzzer's.
//
//===----------------------------------------------------------------------===//
#include "explore/Concolic.h"

namespace theseus {

void ConcolicExplorer::reportNativeError(const ExchangedInput &X) {
  const NativeError &N = *X.Native;
  InputStream Stream(X.Bytes);
  Assignment Input = Inputs.fromStream(Stream);
  PathResult R;
  for (const NativeInput &C : N.Created) {
    auto Size = static_cast<uint32_t>(C.Bytes.size());
    const Array *A = Ctx.array(C.Name, Size);
    Input.set(A, C.Bytes);
    R.Created.push_back({A, {C.Name, Size, C.CType, C.Signed}});
  }
  PathOutcome Out;
  Out.End = PathEnd::Bug;
  Out.BugKind = N.Kind;
  Out.Message = N.Message;
  Out.Loc.File = N.File;
  Out.Loc.Line = N.Line;
  Out.Stack = {{N.Function, Out.Loc}};
  R.Index = newTestNumber();
  R.Run = Stats.Runs;
  R.Input = &Input;
  R.Outcome = &Out;
  R.Origin = X.Origin;
  R.Native = true;
  R.Seconds = Budget.elapsed();
  R.PathsDone = Stats.Paths;
  R.ReachedTarget = Watch && Watch->reachedNatively(Out);
  if (R.ReachedTarget && !Stats.TargetTest)
    Stats.TargetTest = R.Index;
  ++Stats.FuzzNativeErrors;
  Listener->onNewPath(R);
  Listener->onExchange({false, R.Index, Budget.elapsed(), {}});
}

} // namespace theseus
