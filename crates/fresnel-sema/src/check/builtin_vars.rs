//! Declaring the built-in variables: the sections of `builtins/variables.glsl` available for
//! this stage and version are parsed (in the parser's built-in mode) and checked like user
//! declarations, with `gl_` names allowed.

use fresnel_syntax::ast::TranslationUnit;
use fresnel_syntax::diag::Diagnostics;
use fresnel_syntax::extensions::ExtensionState;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::parse::{parse, ParseOptions};
use fresnel_syntax::pp::{preprocess, NoIncludes, PpOptions};
use fresnel_syntax::source::{FileOrigin, SourceMap};
use fresnel_syntax::version::Version;

use super::{CheckOptions, Checker};
use crate::builtins;
use crate::hir::VarId;

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

/// Parses the built-in declarations available in this context.
pub(super) fn parse_sections(
    version: Version,
    opts: &CheckOptions,
    exts: &ExtensionState,
    interner: &mut Interner,
) -> BuiltinSections {
    let cx = builtins::Context {
        version,
        stage: opts.stage,
        vulkan: opts.target.is_vulkan(),
        exts,
    };
    let mut text = String::new();
    let mut starts = Vec::new();
    for (a, s) in builtins::variable_sections(&cx) {
        starts.push((text.len() as u32, a));
        text.push_str(s);
    }
    if text.is_empty() {
        return BuiltinSections {
            tu: TranslationUnit::default(),
            starts,
        };
    }
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::new();
    let file = sm.add_file("<built-in>", text, FileOrigin::CommandLine);
    let pp_opts = PpOptions {
        stage: opts.stage,
        target: opts.target,
        version_override: Some(version),
        ..PpOptions::default()
    };
    let out = preprocess(
        &mut sm,
        interner,
        &mut diags,
        file,
        &pp_opts,
        &mut NoIncludes,
    );
    let parse_opts = ParseOptions {
        builtin: true,
        stage: opts.stage,
        ..ParseOptions::default()
    };
    let tu = parse(&out, &sm, interner, &mut diags, &parse_opts);
    debug_assert!(
        !diags.has_errors(),
        "built-in declarations do not parse: {:?}",
        diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
    );
    BuiltinSections { tu, starts }
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
                for v in before..self.m.vars.len() {
                    self.builtin_var_avail.insert(VarId(v as u32), a);
                }
            }
        }
        self.in_builtin_tu = false;
        self.builtin_mode = false;
    }
}

impl Checker<'_> {
    /// A use of a built-in variable: the extension that provides it must be enabled here
    /// (`#extension` directives take effect where they are written).
    pub(crate) fn check_builtin_var_use(&mut self, v: VarId, span: fresnel_syntax::source::Span) {
        let Some(&a) = self.builtin_var_avail.get(&v) else {
            return;
        };
        if self.builtin_mode || builtins::availability_allows(a, &self.builtin_context()) {
            return;
        }
        let name = self.name(self.m.var(v).name).to_string();
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
