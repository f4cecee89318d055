// Function templates (SPEC §5): which instantiations a directive on a
// template differentiates (the ones the file uses, and those its
// `instantiate(f<float>)` clause names, instantiated here through Sema),
// and what the emitter needs to know about each (ir/Template.h).
#pragma once

#include "frontend/Pragmas.h"
#include "ir/Template.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include <map>
#include <string>
#include <memory>
#include <vector>

namespace clang {
class Preprocessor;
class Sema;
}

namespace adgen {

struct Function;

/// What the emitter needs about instantiation `fd` (Template.cpp).
std::shared_ptr<const TemplateInfo> templateInfoOf(const clang::FunctionDecl *fd,
                                                   clang::ASTContext &ast);

/// The instantiations a directive on template `ftd` applies to: those
/// `instantiate` clauses name (instantiated now), then every other one the
/// file has with a body, in the order clang made them. Empty after a
/// diagnostic, or when there is none (reported: "no instantiation").
std::vector<const clang::FunctionDecl *>
instantiationsOf(clang::Sema &sema, const clang::FunctionTemplateDecl *ftd,
                 const std::vector<const Directive *> &dirs);

/// The instantiations of method `md` of a class template in every
/// specialization of the class (instantiated now when only declared).
std::vector<const clang::FunctionDecl *>
methodInstantiations(clang::Sema &sema, const clang::CXXMethodDecl *md);

/// The definitions of `types` as the source has them (a class template's
/// specialization: the template, after its primary for an explicit one; an
/// unnamed struct: its typedef), in their namespaces, guarded, for the
/// output (TypeDefinitions.cpp).
/// The user's typedefs and macros they use come first (pp may be null).
std::string typeDefinitions(clang::ASTContext &ast,
                            const clang::Preprocessor *pp,
                            const std::vector<const clang::RecordDecl *> &types);

/// The private and protected members the wrapper of `fd` (lowered as `f`)
/// passes: Leaf::hidden names their accessors, added to `accessors` (tag
/// -> definition) for memberAccessors (MemberAccess.cpp).
void hiddenMembers(const clang::FunctionDecl *fd, Function &f,
                   std::map<std::string, std::string> &accessors);
/// The accessor definitions (adgen_access), for the output.
std::string memberAccessors(const std::map<std::string, std::string> &accessors);

/// Gives the loops of an instantiated body (`inst`) the checkpoint
/// directives of the same loops of the template's body (`pattern`).
void mirrorLoopDirectives(
    const clang::Stmt *pattern, const clang::Stmt *inst,
    std::map<const clang::Stmt *, checkpoint::Policy> &policies,
    std::map<const clang::Stmt *, clang::SourceLocation> &directives);

/// An `instantiate` clause on `fd`, which is not a function template: the
/// diagnostic.
void reportNotATemplate(clang::DiagnosticsEngine &de, const Directive &d,
                        const clang::FunctionDecl *fd);

} // namespace adgen
