#include "frontend/Frontend.h"


#include "analysis/Stats.h"
#include "frontend/CustomDerivatives.h"
#include "frontend/Extent.h"
#include "frontend/FallOff.h"
#include "frontend/Lowerer.h"
#include "frontend/Placement.h"
#include "frontend/Recursion.h"
#include "frontend/Requests.h"
#include "frontend/Pragmas.h"
#include "frontend/Template.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/Path.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

#include <algorithm>
#include <set>

namespace adgen {

using namespace clang;

namespace {

/// Where directives apply and derivatives come from: the main file and the
/// headers it includes with quotes (not system headers).
bool inUserFile(const SourceManager &sm, SourceLocation loc) {
  return loc.isValid() && !sm.isInSystemHeader(loc);
}

/// Function definitions of the main file and of its user headers, and the
/// statements of their bodies, in translation-unit order.
struct Collector : RecursiveASTVisitor<Collector> {
  SourceManager &sm;
  std::vector<const FunctionDecl *> defs;
  std::vector<std::pair<const FunctionDecl *, const Stmt *>> stmts;
  const FunctionDecl *current = nullptr;

  explicit Collector(SourceManager &sm) : sm(sm) {}

  bool TraverseFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() ||
        !inUserFile(sm, fd->getLocation()))
      return RecursiveASTVisitor::TraverseFunctionDecl(fd);
    defs.push_back(fd);
    const FunctionDecl *saved = current;
    current = fd;
    bool r = RecursiveASTVisitor::TraverseFunctionDecl(fd);
    current = saved;
    return r;
  }
  // Methods are definitions too: annotating one gets a clear error.
  bool TraverseCXXMethodDecl(CXXMethodDecl *md) {
    noteMethod(md);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(md);
  }
  // ... and so are constructors, destructors and conversions, which the
  // visitor traverses apart: a directive before one is about it.
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *md) {
    noteMethod(md);
    return RecursiveASTVisitor::TraverseCXXConstructorDecl(md);
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *md) {
    noteMethod(md);
    return RecursiveASTVisitor::TraverseCXXDestructorDecl(md);
  }
  bool TraverseCXXConversionDecl(CXXConversionDecl *md) {
    noteMethod(md);
    return RecursiveASTVisitor::TraverseCXXConversionDecl(md);
  }
  void noteMethod(CXXMethodDecl *md) {
    if (md->doesThisDeclarationHaveABody() &&
        inUserFile(sm, md->getLocation()))
      defs.push_back(md);
  }
  bool VisitStmt(Stmt *s) {
    if (current && !isa<Expr>(s))
      stmts.push_back({current, s});
    return true;
  }
};

class Consumer : public SemaConsumer {
public:
  Consumer(std::vector<Directive> &dirs, FrontendResult &out)
      : dirs(dirs), out(out) {}

  void InitializeSema(Sema &s) override { sema = &s; }

  void HandleTranslationUnit(ASTContext &ast) override {
    auto &de = ast.getDiagnostics();
    if (de.hasErrorOccurred())
      return;
    auto &sm = ast.getSourceManager();
    Collector col(sm);
    col.TraverseDecl(ast.getTranslationUnitDecl());
    Placement place(sm, col.defs, col.stmts);

    LowerContext cx{ast, de, out.module, nullptr, {}, {}, nullptr};
    FnDirectives fnDirs;
    placeDirectives(cx, place, fnDirs);
    if (de.hasErrorOccurred())
      return;

    cx.calleeFor = [&](const FunctionDecl *fd,
                       SourceLocation use) -> Function * {
      return lowerCallee(cx, fd, use);
    };

    std::map<std::string, std::string> accessors; // MemberAccess.cpp
    for (const FunctionDecl *fd : col.defs) {
      auto it = fnDirs.find(fd);
      if (it == fnDirs.end())
        continue;
      for (const FunctionDecl *inst : instancesOf(de, fd, it->second)) {
        if (isa<CXXConstructorDecl>(inst)) {
          report(de, fd->getLocation(), Diag::SpecialMember,
                 {inst->getNameAsString()});
          continue;
        }
        Function *f = cx.calleeFor(inst, fd->getLocation());
        if (!f)
          continue;
        // A returned struct: the wrappers return it; its shadow is named
        // as a scalar result's (f_dot, f_bar).
        if (!f->signature.empty() && f->signature.back().result) {
          const auto *rd = inst->getReturnType()->getAsCXXRecordDecl();
          if (rd && !rd->hasDefaultConstructor()) {
            report(de, fd->getLocation(), Diag::StructReturn,
                   {f->name, f->signature.back().typeName});
            continue;
          }
          f->signature.back().name = f->name;
        }
        hiddenMembers(inst, *f, accessors);
        DiffRequest req;
        req.fn = f;
        for (const Directive *d : it->second) {
          addDirective(de, *d, *f, req);
          if (d->kind == Directive::Width &&
              std::none_of(it->second.begin(), it->second.end(),
                           [](const Directive *e) {
                             return e->kind == Directive::Jvp;
                           }))
            report(de, d->loc, Diag::WidthWithoutJvp, {d->args[0].text});
        }
        containerSizes(*f, req.sizes); // a std::vector's extent: its size
        out.requests.push_back(std::move(req));
      }
    }
    out.userTypes =
        stdIncludes(cx.stdHeaders) + keptDeclarations(cx) + typeDefinitions(ast, sema ? &sema->getPreprocessor() : nullptr,
                        cx.signatureTypes) + memberAccessors(accessors);
    if (out.requests.empty() && !de.hasErrorOccurred())
      for (const Directive &d : dirs)
        if (inUserFile(sm, d.loc)) { // never an empty output after one
          report(de, d.loc, Diag::DirectiveUnused, {d.name()});
          break;
        }
  }

private:
  /// What the directives on definition `fd` differentiate: fd, or for a
  /// function template its instantiations (frontend/Template.h).
  std::vector<const FunctionDecl *>
  instancesOf(DiagnosticsEngine &de, const FunctionDecl *fd,
              const std::vector<const Directive *> &ds) {
    if (const FunctionTemplateDecl *ftd = fd->getDescribedFunctionTemplate())
      return instantiationsOf(*sema, ftd, ds);
    // A method of a class template: its instantiations (Instantiate.cpp).
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
        md && md->getParent()->getDescribedClassTemplate())
      return methodInstantiations(*sema, md);
    for (const Directive *d : ds)
      if (d->kind == Directive::Instantiate) {
        reportNotATemplate(de, *d, fd);
        return {};
      }
    return {fd};
  }

  using FnDirectives =
      std::map<const FunctionDecl *, std::vector<const Directive *>>;

  /// Attaches each directive of the main file and its user headers to what
  /// it applies to: a
  /// checkpoint to the loop after it (cx's loop policies), the others to the
  /// function defined after them (fnDirs); reports misplaced ones.
  void placeDirectives(LowerContext &cx, const Placement &place,
                       FnDirectives &fnDirs) {
    DiagnosticsEngine &de = cx.diags;
    SourceManager &sm = cx.ast.getSourceManager();
    for (const Directive &d : dirs) {
      if (!inUserFile(sm, d.loc))
        continue;
      const FunctionDecl *body = place.bodyAround(d.loc);
      if (d.kind == Directive::Derivative && !body) {
        addCustomRule(cx, d); // at file scope, attached to no definition
        continue;
      }
      if (d.kind == Directive::Checkpoint) {
        placeCheckpoint(cx, place, d, body);
        continue;
      }
      if (body) {
        report(de, d.loc, Diag::DirectiveInBody, {d.name()});
        continue;
      }
      const FunctionDecl *target = place.definitionAfter(d.loc);
      if (!target) {
        report(de, d.loc, Diag::DirectiveOnNothing, {d.name()});
        continue;
      }
      fnDirs[target].push_back(&d);
    }
  }

  /// A checkpoint directive in `body`: its policy for the loop right after
  /// it, or a diagnostic (outside a body, not on a loop, a second one).
  static void placeCheckpoint(LowerContext &cx, const Placement &place,
                              const Directive &d, const FunctionDecl *body) {
    DiagnosticsEngine &de = cx.diags;
    if (!body) {
      report(de, d.loc, Diag::CheckpointOutsideBody);
      return;
    }
    const Stmt *next = place.statementAfter(body, d.loc);
    if (!next || !isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(next)) {
      report(de, d.loc, Diag::CheckpointNotOnLoop);
      return;
    }
    auto first = cx.loopDirectives.find(next);
    if (first != cx.loopDirectives.end()) {
      report(de, d.loc, Diag::DuplicateCheckpoint);
      note(de, first->second, "the first checkpoint directive is here");
      return;
    }
    cx.loopPolicies[next] = d.policy;
    cx.loopDirectives[next] = d.loc;
  }

  /// cx.calleeFor: fd's IR function, lowered on first use; null after a
  /// diagnostic (recursion, falling off the end, never returning, errors).
  Function *lowerCallee(LowerContext &cx, const FunctionDecl *fd,
                        SourceLocation use) {
    if (auto busy = inProgress.find(fd); busy != inProgress.end()) {
      // Recursion (SPEC §4): the call goes to the function being lowered,
      // whose parameters are known; its body is checked once complete.
      recursiveUses[fd].push_back(use);
      return busy->second;
    }
    const CustomRule *rule = customRuleFor(cx, fd);
    if (rule)
      fd = fd->getCanonicalDecl(); // declared or defined: one function
    auto it = lowered.find(fd);
    if (it != lowered.end())
      return it->second;
    if (rule)
      return lowered[fd] = lowerCustomFunction(cx, fd, *rule);
    if (!endsInReturns(fd, cx.ast))
      return nullptr;
    out.module.functions.push_back(std::make_unique<Function>());
    Function *f = out.module.functions.back().get();
    f->sourceFile =
        cx.ast.getSourceManager().getFilename(fd->getLocation()).str();
    // A template's instantiation: its loops take the pattern's directives.
    if (const FunctionDecl *pattern = fd->getTemplateInstantiationPattern())
      mirrorLoopDirectives(pattern->getBody(), fd->getBody(), cx.loopPolicies,
                           cx.loopDirectives);
    inProgress[fd] = f;
    cx.lowering.insert(f);
    Lowerer lw(cx, *f);
    bool good = lw.lowerFunction(fd);
    cx.lowering.erase(f);
    inProgress.erase(fd);
    auto rec = recursiveUses.find(fd);
    if (!good || (rec != recursiveUses.end() &&
                  !recursionChecked(cx.diags, rec->second, fd, *f)))
      return nullptr; // its errors were reported
    for (const auto &[other, g] : lowered)
      if (g->name == f->name && g->nameSpace == f->nameSpace &&
          (g->tmpl ? g->tmpl->id : "") == (f->tmpl ? f->tmpl->id : ""))
        f->overload = std::max(f->overload, g->overload + 1);
    lowered[fd] = f;
    return f;
  }

  std::vector<Directive> &dirs;
  FrontendResult &out;
  Sema *sema = nullptr;
  /// Functions lowered so far, and those being lowered (for recursion).
  std::map<const FunctionDecl *, Function *> lowered;
  std::map<const FunctionDecl *, Function *> inProgress;
  /// Where each recursive function is called while it is lowered.
  std::map<const FunctionDecl *, std::vector<SourceLocation>> recursiveUses;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(FrontendResult &out) : out(out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 StringRef) override {
    ci.getPreprocessor().AddPragmaHandler(new AdgenPragmaHandler(dirs));
    return std::make_unique<Consumer>(dirs, out);
  }

private:
  std::vector<Directive> dirs;
  FrontendResult &out;
};

class Factory : public tooling::FrontendActionFactory {
public:
  explicit Factory(FrontendResult &out) : out(out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(out);
  }

private:
  FrontendResult &out;
};

/// `-x c++`, or `-x cuda` (host side only: one compile job) for .cu/.cuh.
std::vector<std::string> inputLanguage(const std::string &input) {
  auto endsWith = [&](const char *ext) {
    std::string e(ext);
    return input.size() >= e.size() &&
           input.compare(input.size() - e.size(), e.size(), e) == 0;
  };
  if (endsWith(".cu") || endsWith(".cuh"))
    return {"-x", "cuda", "--cuda-host-only"};
  return {"-x", "c++"};
}

} // namespace

bool runFrontend(const FrontendOptions &opts, FrontendResult &out) {
  std::vector<std::string> args = {"-std=c++17"};
  for (const std::string &a : opts.clangArgs)
    if (a.rfind("-std=", 0) == 0)
      args.clear();
  args.insert(args.end(), opts.clangArgs.begin(), opts.clangArgs.end());
  std::unique_ptr<tooling::CompilationDatabase> db;
  if (!opts.buildDir.empty()) {
    std::string err;
    db = tooling::CompilationDatabase::loadFromDirectory(opts.buildDir, err);
    if (!db) {
      llvm::errs() << "adgen: error: " << err << "\n";
      return false;
    }
  } else {
    db = std::make_unique<tooling::FixedCompilationDatabase>(".", args);
  }
  tooling::ClangTool tool(*db, {opts.input});
  // Builtin headers (<cmath>'s own includes) come from Clang's resource
  // directory; adgen reports its own errors and keeps clang's warnings out.
  tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      {"-resource-dir", ADGEN_CLANG_RESOURCE_DIR, "-w", "-fsyntax-only"},
      tooling::ArgumentInsertPosition::END));
  if (!opts.buildDir.empty())
    tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        opts.clangArgs, tooling::ArgumentInsertPosition::END));
  // adgen's inputs are C++ (CUDA for .cu/.cuh) whatever their name: a .h
  // would be C, a .cuh, .inl or no extension no compile job at all.
  tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      inputLanguage(opts.input), tooling::ArgumentInsertPosition::BEGIN));
  tool.setPrintErrorMessage(false); // the diagnostics already said it
  // One printer for the driver's diagnostics and the parser's, counting
  // errors: ClangTool goes on after a driver error (an unknown argument, a
  // -std= for another language), which must still fail the run.
  DiagnosticOptions diagOpts;
  TextDiagnosticPrinter printer(llvm::errs(), diagOpts);
  tool.setDiagnosticConsumer(&printer);
  Factory factory(out);
  int rc = tool.run(&factory);
  if (rc != 0 || printer.getNumErrors() > 0)
    return false;
  for (auto &f : out.module.functions)
    if (!f || f->name.empty())
      return false;
  return true;
}

} // namespace adgen

