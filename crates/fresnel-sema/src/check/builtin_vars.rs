//! Declaring the built-in variables: the declarations of `builtins/variables.glsl` available
//! for this stage and version are parsed (in the parser's built-in mode) and checked like user
//! declarations, with `gl_` names allowed.
//!
//! Only the built-ins the shader can name are declared: those whose names the interner has
//! met (every identifier of the shader, its macros included), with the declarations they
//! depend on (`build.rs` records, for each `gl_` name, the declarations needed). A name the
//! shader never writes cannot be looked up by it, so declaring the others would change
//! nothing but the cost. The few limits the checker reads itself (`gl_MaxClipDistances`, ...)
//! come from the generated table when the shader did not name them
//! ([`Checker::undeclared_builtin_int`]). An empty shader thus parses nothing here. The text
//! is lexed directly: it has no directives, comments or macros for a preprocessor to handle.

use fresnel_syntax::ast::TranslationUnit;
use fresnel_syntax::diag::Diagnostics;
use fresnel_syntax::extensions::{Ext, ExtensionState};
use fresnel_syntax::intern::Interner;
#[cfg(test)]
use fresnel_syntax::lexer::{lex_all, lex_all_shared};
use fresnel_syntax::parse::{parse_tokens, ParseOptions};
#[cfg(test)]
use fresnel_syntax::pp::PpOutput;
use fresnel_syntax::source::{FileId, FileOrigin, SourceMap, Span};
use fresnel_syntax::token::{Token, TokenFlags, TokenKind};
use fresnel_syntax::version::Version;

use super::{Binding, CheckOptions, Checker};
use crate::builtin_types::BuiltinStruct;
use crate::builtins;
use crate::hir::VarId;
use crate::types::{ids, TypeId};

/// The parsed built-in declarations and, by byte offset into their text, the availability
/// of each section (`(start, availability index)`, in order).
pub(crate) struct BuiltinSections {
    pub tu: TranslationUnit,
    pub starts: Vec<(u32, u16)>,
}

impl BuiltinSections {
    /// The availability index of the section holding this offset.
    pub fn availability_at(&self, offset: u32) -> Option<u16> {
        let i = self.starts.partition_point(|&(start, _)| start <= offset);
        i.checked_sub(1).map(|i| self.starts[i].1)
    }
}

/// Which built-in declarations to parse.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Selection {
    /// Those declaring a `gl_` name the interner has met (and their dependencies).
    Named,
    /// Every declaration available in the context (tests).
    #[cfg_attr(not(test), allow(dead_code))]
    All,
}

/// Parses the built-in declarations available in this context that `selection` asks for.
pub(super) fn parse_sections(
    version: Version,
    opts: &CheckOptions,
    exts: &ExtensionState,
    interner: &mut Interner,
    selection: Selection,
) -> BuiltinSections {
    let cx = builtins::Context {
        version,
        stage: opts.stage,
        vulkan: opts.target.is_vulkan(),
        exts,
    };
    // Relaxed Vulkan rules: the OpenGL vertex and instance ids (written as Vulkan's
    // `VertexIndex`/`InstanceIndex`, as glslang does).
    let gl_cx = builtins::Context {
        vulkan: false,
        ..cx
    };
    let relaxed_id = |d: usize| {
        opts.relaxed_vulkan && cx.vulkan && {
            let (a, text) = builtins::variable_decl(d);
            (text.contains(" gl_VertexID;") || text.contains(" gl_InstanceID;"))
                && builtins::availability_allows(a, &gl_cx)
        }
    };
    let available = |d: usize| {
        builtins::availability_allows(builtins::variable_decl_availability(d), &cx) || relaxed_id(d)
    };
    // The declarations to parse, then sorted into file order (dependencies first).
    let mut wanted: Vec<usize> = Vec::new();
    match selection {
        Selection::All => {
            wanted.extend((0..builtins::variable_decl_count()).filter(|&d| available(d)))
        }
        Selection::Named => {
            for name in interner.names() {
                if !name.starts_with("gl_") {
                    continue;
                }
                for &d in builtins::variable_decls_for(name) {
                    let d = d as usize;
                    if wanted.contains(&d) || !available(d) {
                        continue;
                    }
                    wanted.push(d);
                    for &x in builtins::variable_decl_deps(d) {
                        let x = x as usize;
                        if !wanted.contains(&x) && available(x) {
                            wanted.push(x);
                        }
                    }
                }
            }
            wanted.sort_unstable();
        }
    }
    // Where each declaration starts in the text of them all (performance: that static text
    // is the file, with nothing copied).
    let starts: Vec<(u32, u16)> = wanted
        .iter()
        .map(|&i| {
            (
                builtins::variable_decl_start(i),
                builtins::variable_decl_availability(i),
            )
        })
        .collect();
    if wanted.is_empty() {
        return BuiltinSections {
            tu: TranslationUnit::default(),
            starts,
        };
    }
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::new();
    let file = sm.add_static_file(
        "<built-in>",
        builtins::variable_text(),
        FileOrigin::CommandLine,
    );
    let tokens = prelexed_tokens(&wanted, file, interner);
    let parse_opts = ParseOptions {
        builtin: true,
        stage: opts.stage,
        ..ParseOptions::default()
    };
    // The tokens are what the preprocessor would pass on: the text has no directives,
    // comments or macros (the tests below compare).
    let tu = parse_tokens(&tokens, version, &sm, interner, &mut diags, &parse_opts);
    debug_assert!(
        !diags.has_errors(),
        "built-in declarations do not parse: {:?}",
        diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
    );
    BuiltinSections { tu, starts }
}

/// The tokens of the declarations `wanted` (in this order), with their spans in `file`, whose
/// text is [`builtins::variable_text`], from the tables `build.rs` made (performance: the
/// text is not lexed at each compile; the tests compare with the lexer).
fn prelexed_tokens(wanted: &[usize], file: FileId, interner: &mut Interner) -> Vec<Token> {
    let count = wanted
        .iter()
        .map(|&i| builtins::variable_decl_tokens(i).len())
        .sum();
    let mut tokens = Vec::with_capacity(count);
    let text = builtins::variable_text();
    for &i in wanted {
        let base = builtins::variable_decl_start(i);
        for &(kind, flags, start, end) in builtins::variable_decl_tokens(i) {
            let mut t = Token::new(
                kind,
                Span::new(file, base + u32::from(start), base + u32::from(end)),
            );
            t.flags = TokenFlags(flags);
            if kind == TokenKind::Ident {
                t.sym = interner.intern(&text[t.span.range()]);
            }
            tokens.push(t);
        }
    }
    // Nothing precedes the first token of the text.
    if let Some(t) = tokens.first_mut() {
        t.flags.clear(TokenFlags::SPACE_BEFORE);
    }
    tokens
}

/// What the preprocessor would make of the built-in text, without running it: the text has no
/// directives, comments or macros, so its tokens are the lexer's (the test below compares).
#[cfg(test)]
fn lex_builtin_text(
    sm: &SourceMap,
    file: FileId,
    version: Version,
    interner: &mut Interner,
) -> PpOutput {
    builtin_output(
        match sm.file(file).shared_text() {
            Some(text) => lex_all_shared(file, text, interner),
            None => lex_all(file, sm.file(file).text(), interner),
        },
        version,
    )
}

/// The preprocessor's output for the built-in text's tokens.
#[cfg(test)]
fn builtin_output(tokens: Vec<Token>, version: Version) -> PpOutput {
    PpOutput {
        tokens,
        events: Vec::new(),
        version,
        version_span: None,
        extensions: ExtensionState::initial(version),
        truncated: false,
        unsupported_continuations: Vec::new(),
    }
}

impl Checker<'_> {
    pub(super) fn declare_builtin_variables(&mut self) {
        self.builtin_mode = true;
        self.in_builtin_tu = true;
        let decls = &self.builtin_sections.tu.decls;
        for d in decls {
            let before = self.m.vars.len();
            self.external(d);
            // Remember which section declared each variable, to check its extension where
            // it is used.
            if let Some(a) = self.builtin_sections.availability_at(d.span().start) {
                // Indexed by variable (performance: the built-ins are the first variables,
                // so no hashing).
                let n = self.m.vars.len();
                if self.builtin_var_avail.len() < n {
                    self.builtin_var_avail.resize(n, None);
                }
                for slot in &mut self.builtin_var_avail[before..n] {
                    *slot = Some(a);
                }
            }
        }
        self.in_builtin_tu = false;
        self.builtin_mode = false;
        // The structures the function table names (`BType::Struct`): their declared types,
        // and the availability each is checked against where a shader names it.
        for s in BuiltinStruct::ALL {
            let Some(sym) = self.interner.get(s.name()) else {
                continue;
            };
            if let Some(Binding::Type(t, span)) = self.lookup(sym) {
                self.m.types.set_builtin_struct(s, t);
                if let Some(a) = self.builtin_sections.availability_at(span.start) {
                    self.builtin_type_avail.push((t, a));
                }
            }
        }
    }
}

impl Checker<'_> {
    /// A use of the built-in structure type `t` by name: the extension that provides it must
    /// be enabled here (as for built-in variables). The error type when it is not.
    pub(crate) fn check_builtin_type_use(&mut self, t: TypeId, span: Span) -> TypeId {
        let Some(&(_, a)) = self.builtin_type_avail.iter().find(|(x, _)| *x == t) else {
            return t;
        };
        if self.builtin_mode || builtins::availability_allows(a, &self.builtin_context()) {
            return t;
        }
        let name = self.ty_name(t);
        let exts = builtins::availability_exts(a);
        self.error(
            "feature-unavailable",
            span,
            format!(
                "type `{name}` needs {} enabled before this point",
                if exts.is_empty() {
                    "its extension".to_string()
                } else {
                    exts.join(" or ")
                }
            ),
        );
        ids::ERROR
    }

    /// A built-in structure's name where it is not declared (its extension is not enabled
    /// in this shader): an error naming the extensions that declare it. `false` for other
    /// names.
    pub(crate) fn undeclared_builtin_type(&mut self, text: &str, span: Span) -> bool {
        if BuiltinStruct::from_name(text).is_none() {
            return false;
        }
        let mut exts: Vec<&str> = Vec::new();
        for &d in builtins::variable_decls_for(text) {
            let a = builtins::variable_decl_availability(usize::from(d));
            for e in builtins::availability_exts(a) {
                if !exts.contains(e) {
                    exts.push(e);
                }
            }
        }
        let need = if exts.is_empty() {
            format!("is not available in GLSL {}", self.version)
        } else {
            format!("needs {}", exts.join(" or "))
        };
        self.error("feature-unavailable", span, format!("type `{text}` {need}"));
        true
    }
}

impl Checker<'_> {
    /// A use of a built-in variable: the extension that provides it must be enabled here
    /// (`#extension` directives take effect where they are written).
    pub(crate) fn check_builtin_var_use(&mut self, v: VarId, span: fresnel_syntax::source::Span) {
        let Some(&Some(a)) = self.builtin_var_avail.get(v.index()) else {
            return;
        };
        if self.builtin_mode || builtins::availability_allows(a, &self.builtin_context()) {
            return;
        }
        let name = self.name(self.m.var(v).name).to_string();
        // The ids relaxed Vulkan rules add (`parse_sections`) are judged as for OpenGL.
        if self.opts.relaxed_vulkan && matches!(name.as_str(), "gl_VertexID" | "gl_InstanceID") {
            let gl = builtins::Context {
                vulkan: false,
                ..self.builtin_context()
            };
            if builtins::availability_allows(a, &gl) {
                return;
            }
        }
        let exts = builtins::availability_exts(a);
        let shown: Vec<&str> = exts.iter().take(3).copied().collect();
        self.error(
            "feature-unavailable",
            span,
            format!(
                "`{name}` needs {} enabled before this point",
                if shown.is_empty() {
                    "its extension".to_string()
                } else {
                    shown.join(" or ")
                }
            ),
        );
    }
}

impl Checker<'_> {
    /// Whether the variable is a built-in `gl_PerVertex` block (an instance or an unnamed one).
    pub(crate) fn is_per_vertex_block(&self, b: VarId) -> bool {
        let t = self.m.types.innermost(self.m.var(b).ty);
        match self.m.types.get(t) {
            crate::types::Type::Struct(sid) => self
                .m
                .types
                .struct_def(*sid)
                .name
                .is_some_and(|n| self.name(n) == "gl_PerVertex"),
            _ => false,
        }
    }

    /// A use of a member that an extension adds to a built-in block (`gl_in[i].gl_SecondaryPositionNV`,
    /// or the member of an unnamed one): the extension must be enabled here, as for a built-in
    /// variable of its own. The blocks of GLSL 4.50 on declare these members whatever the
    /// extensions, and a redeclared block keeps them.
    pub(crate) fn check_builtin_member_use(
        &mut self,
        name: fresnel_syntax::intern::Symbol,
        span: fresnel_syntax::source::Span,
    ) {
        let exts: &[Ext] = match self.name(name) {
            "gl_SecondaryPositionNV" | "gl_SecondaryViewportMaskNV" => {
                &[Ext::NV_stereo_view_rendering]
            }
            "gl_PositionPerViewNV" | "gl_ViewportMaskPerViewNV" => {
                &[Ext::NVX_multiview_per_view_attributes]
            }
            "gl_ViewportMask" => &[Ext::NV_viewport_array2],
            _ => return,
        };
        if self.builtin_mode || self.any_ext(exts) {
            return;
        }
        let n = self.name(name).to_string();
        self.error(
            "feature-unavailable",
            span,
            format!("`{n}` needs {} enabled before this point", exts[0].name()),
        );
    }

    /// The value of the built-in integer constant `name` (`int`: one value, `ivec3`: three)
    /// when this context has it but the shader did not name it, so it was not declared (see
    /// the module docs). Judged with the extensions in force at the end of the shader, as
    /// the declarations are.
    pub(crate) fn undeclared_builtin_int(&self, name: &str) -> Option<&'static [i64]> {
        let cx = builtins::Context {
            version: self.version,
            stage: self.stage,
            vulkan: self.opts.target.is_vulkan(),
            exts: &self.m.extensions,
        };
        builtins::int_constant(name, &cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fresnel_syntax::pp::{preprocess, NoIncludes, PpOptions};
    use fresnel_syntax::version::{Stage, TargetEnv};

    /// The built-in text lexed directly gives the preprocessor's tokens, version and
    /// extension state.
    #[test]
    fn lexing_the_builtin_text_equals_preprocessing_it() {
        for (version, stage, target) in [
            (Version::desktop(110), Stage::Vertex, TargetEnv::OpenGl),
            (Version::desktop(450), Stage::TessControl, TargetEnv::OpenGl),
            (
                Version::desktop(460),
                Stage::Fragment,
                TargetEnv::Vulkan { minor: 2 },
            ),
            (Version::es(320), Stage::Geometry, TargetEnv::OpenGl),
        ] {
            let opts = CheckOptions {
                stage: Some(stage),
                target,
                relaxed_vulkan: false,
            };
            let mut text = String::new();
            for d in 0..builtins::variable_decl_count() {
                text.push_str(builtins::variable_decl(d).1);
            }
            let mut sm = SourceMap::new();
            let mut diags = Diagnostics::new();
            let file = sm.add_file("<built-in>", text, FileOrigin::CommandLine);
            let mut i1 = Interner::new();
            let pp_opts = PpOptions {
                stage: opts.stage,
                target: opts.target,
                version_override: Some(version),
                ..PpOptions::default()
            };
            let a = preprocess(
                &mut sm,
                &mut i1,
                &mut diags,
                file,
                &pp_opts,
                &mut NoIncludes,
            );
            assert!(!diags.has_errors());
            let mut i2 = Interner::new();
            let b = lex_builtin_text(&sm, file, version, &mut i2);
            assert_eq!(a.tokens.len(), b.tokens.len());
            assert!(a.tokens.len() > 1000);
            for (x, y) in a.tokens.iter().zip(&b.tokens) {
                assert_eq!(x.kind, y.kind);
                assert_eq!(x.span, y.span);
                assert_eq!(x.flags, y.flags);
                assert_eq!(i1.resolve(x.sym), i2.resolve(y.sym));
            }
            assert_eq!(a.version, b.version);
            assert!(a.events.is_empty() && a.unsupported_continuations.is_empty());
            assert!(!a.truncated);
            for &e in fresnel_syntax::extensions::Ext::all() {
                assert_eq!(a.extensions.get(e), b.extensions.get(e), "{e:?}");
            }
        }
    }

    /// The tokens `build.rs` prepared are the lexer's, for the whole text, each declaration
    /// alone, and declarations laid after others.
    #[test]
    fn prelexed_tokens_equal_the_lexers() {
        let n = builtins::variable_decl_count();
        let mut selections: Vec<Vec<usize>> = vec![(0..n).collect()];
        selections.extend((0..n).map(|i| vec![i]));
        selections.extend((1..n).map(|i| vec![i - 1, i]));
        selections.push((0..n).step_by(7).collect());
        for wanted in selections {
            let text: String = wanted
                .iter()
                .map(|&i| builtins::variable_decl(i).1)
                .collect();
            let mut i1 = Interner::new();
            let a = lex_all(FileId(0), &text, &mut i1);
            let mut i2 = Interner::new();
            let b = prelexed_tokens(&wanted, FileId(0), &mut i2);
            // Where each declaration starts in `text` and in the text of them all.
            let mut at = 0u32;
            let starts: Vec<(u32, u32)> = wanted
                .iter()
                .map(|&i| {
                    let s = (at, builtins::variable_decl_start(i));
                    at += builtins::variable_decl(i).1.len() as u32;
                    s
                })
                .collect();
            assert_eq!(a.len(), b.len(), "{wanted:?}");
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.kind, y.kind, "{wanted:?}");
                let k = starts.partition_point(|&(s, _)| s <= x.span.start) - 1;
                let (in_text, in_all) = starts[k];
                let moved = Span::new(
                    x.span.file,
                    x.span.start - in_text + in_all,
                    x.span.end - in_text + in_all,
                );
                assert_eq!(moved, y.span, "{wanted:?}");
                assert_eq!(
                    &text[x.span.range()],
                    &builtins::variable_text()[y.span.range()]
                );
                assert_eq!(x.flags, y.flags, "{wanted:?} at {:?}", x.span);
                assert_eq!(i1.resolve(x.sym), i2.resolve(y.sym));
            }
        }
    }

    /// Only the declarations of names the interner has met are parsed, with what they need.
    #[test]
    fn only_named_builtins_and_their_dependencies_are_parsed() {
        let exts = ExtensionState::initial(Version::desktop(130));
        let opts = CheckOptions {
            stage: Some(Stage::Vertex),
            target: TargetEnv::OpenGl,
            relaxed_vulkan: false,
        };
        let v = Version::desktop(130);
        let mut interner = Interner::new();
        let none = parse_sections(v, &opts, &exts, &mut interner, Selection::Named);
        assert!(none.tu.decls.is_empty());
        interner.intern("gl_TextureMatrix");
        let some = parse_sections(v, &opts, &exts, &mut interner, Selection::Named);
        // `uniform mat4 gl_TextureMatrix[gl_MaxTextureCoords];` and the constant it uses.
        assert_eq!(some.tu.decls.len(), 2, "{:?}", some.starts);
        assert!(interner.get("gl_MaxTextureCoords").is_some());
        assert!(interner.get("gl_ModelViewMatrix").is_none());
        let all = parse_sections(v, &opts, &exts, &mut interner, Selection::All);
        assert!(all.tu.decls.len() > 40, "{}", all.tu.decls.len());
    }
}
